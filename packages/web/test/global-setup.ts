// Vitest globalSetup of the browser tests: builds the server and the web client once, before any
// test file starts (usually a no-op: `npm test` has just built both).
import { ensureBuilt } from './build.js';

export default function setup(): void {
  ensureBuilt();
}
