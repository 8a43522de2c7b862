// The service worker (issue 27 §5): keeps this build's app shell (index.html, the hashed chunks,
// the icons and the manifest) so the app opens, and says "offline, reconnecting", when the server
// cannot be reached. It never answers or stores anything live: /api/* and /ws go to the server
// untouched (seat tokens, sessions and per-seat views must not sit in a cache on the device).
// The build (vite.config.ts, shellWorker) turns this file into /sw.js, filling in the shell's
// file list and a version made from the build's contents: a new deploy is a new worker with a new
// cache, and the old cache is deleted when it takes over.
export {};

/** Filled in by the build. */
declare const __SHELL_FILES__: readonly string[];
declare const __SHELL_VERSION__: string;

// The worker's own types (the web project is typed against DOM, not WebWorker).
interface LifecycleEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface ShellFetchEvent extends LifecycleEvent {
  readonly request: Request;
  respondWith(r: Promise<Response>): void;
}
interface ShellScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', f: (e: LifecycleEvent) => void): void;
  addEventListener(type: 'fetch', f: (e: ShellFetchEvent) => void): void;
}
const scope = self as unknown as ShellScope;

const PREFIX = 'mm-shell-';
const CACHE = PREFIX + __SHELL_VERSION__;
const INDEX = new URL('./', scope.location.href).href;

/** Paths that are live answers of the server: never from or into a cache. */
function isLive(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname === '/ws' || pathname.startsWith('/ws/');
}

/** A shell file as the install step asks for it: a hashed chunk may come from the HTTP cache (its
 * name is its content); the others (index.html, icons, manifest) from the server. */
function shellRequest(f: string): Request {
  return new Request(new URL(f, scope.location.href), { cache: f.startsWith('./assets/') ? 'default' : 'reload' });
}

scope.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(__SHELL_FILES__.map(shellRequest)))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => scope.clients.claim()),
  );
});

/** The cached index.html of this build (the app shell's entry). */
async function cachedIndex(): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(INDEX);
}

scope.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== scope.location.origin || isLive(url.pathname)) return;
  if (req.mode === 'navigate') {
    // The network first, so an online visit always gets the newest deploy; the shell when the
    // server is unreachable, or answers 502-504 (a proxy in front of a stopped server).
    e.respondWith(
      fetch(req).then(
        async (res) => (res.status >= 502 && res.status <= 504 ? ((await cachedIndex()) ?? res) : res),
        async (err: unknown) => {
          const hit = await cachedIndex();
          if (hit) return hit;
          throw err;
        },
      ),
    );
    return;
  }
  // The shell's files are named by content hash (or are the small icons and manifest): the
  // cached copy is this build's; anything else goes to the network and is not kept.
  e.respondWith(
    caches
      .open(CACHE)
      .then((c) => c.match(req))
      .then((hit) => hit ?? fetch(req)),
  );
});
