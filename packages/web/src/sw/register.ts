// Registers the app-shell service worker (src/sw/shell-worker.ts, built to /sw.js) in a build
// served by our server; the Vite dev server has no /sw.js.
export function registerShellWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const go = () =>
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
      /* no worker (private mode, an old browser): the app works without one, online */
    });
  // after the page has loaded: installing fetches the whole shell, which must not slow the page
  if (document.readyState === 'complete') void go();
  else addEventListener('load', () => void go(), { once: true });
}
