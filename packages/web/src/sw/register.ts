// Registers the app-shell service worker (src/sw/shell-worker.ts, built to /sw.js) in a build
// served by our server; the Vite dev server has no /sw.js.

/** Defined (true) by the build that writes /sw.js (vite.config.ts, shellWorker); not by the dev
 * server. (Not import.meta.env.PROD: a build made under NODE_ENV=test, as the browser tests'
 * build is, has PROD false and still writes the worker.) */
declare const __MM_SHELL_WORKER__: boolean | undefined;

export function registerShellWorker(): void {
  if (typeof __MM_SHELL_WORKER__ === 'undefined' || !__MM_SHELL_WORKER__ || !('serviceWorker' in navigator)) return;
  const go = () =>
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => {
      /* no worker (private mode, an old browser): the app works without one, online */
    });
  // after the page has loaded: installing fetches the whole shell, which must not slow the page
  if (document.readyState === 'complete') void go();
  else addEventListener('load', () => void go(), { once: true });
}
