import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server and `vite preview` forward the API and the WebSocket to the game server.
const target = process.env.MM_SERVER ?? 'http://127.0.0.1:8090';
const proxy = {
  '/api': { target, changeOrigin: true },
  '/ws': { target: target.replace(/^http/, 'ws'), ws: true },
};

export default defineConfig({
  plugins: [react()],
  base: './',
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
});
