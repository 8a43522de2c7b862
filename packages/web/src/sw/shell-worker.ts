// The service worker: keeps this build's app shell (index.html, the hashed chunks,
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
interface PushMessageEvent extends LifecycleEvent {
  readonly data: { json(): unknown } | null;
}
interface ClickEvent extends LifecycleEvent {
  readonly notification: Notification;
}
interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface ShellScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'install' | 'activate', f: (e: LifecycleEvent) => void): void;
  addEventListener(type: 'fetch', f: (e: ShellFetchEvent) => void): void;
  addEventListener(type: 'push', f: (e: PushMessageEvent) => void): void;
  addEventListener(type: 'notificationclick', f: (e: ClickEvent) => void): void;
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

// Your turn reaches you: the server's push says "Your turn at <table>" (or a join,
// or a game's end) and names the table's path. Only strings are taken from it, and the path only
// on this worker's own origin: a push can never open another site.
function sameOrigin(raw: unknown): string {
  try {
    const u = new URL(typeof raw === 'string' ? raw : './', scope.location.href);
    if (u.origin === scope.location.origin) return u.href;
  } catch {
    /* not a URL */
  }
  return INDEX;
}

scope.addEventListener('push', (e) => {
  let d: Record<string, unknown> = {};
  try {
    const j = e.data?.json();
    if (j && typeof j === 'object') d = j as Record<string, unknown>;
  } catch {
    /* not JSON: the generic text below */
  }
  const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
  e.waitUntil(
    scope.registration.showNotification(str(d.title, 200) || 'Mind MGMT', {
      body: str(d.body, 400),
      tag: str(d.tag, 100) || undefined,
      icon: new URL('./icons/icon-192.png', scope.location.href).href,
      data: { url: sameOrigin(d.url) },
    }),
  );
});

scope.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const url = sameOrigin((e.notification.data as { url?: unknown } | null)?.url);
  e.waitUntil(
    scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (open) => {
      // A tab of the app already open: bring it to the table; else a new one.
      const tab = open.find((c) => new URL(c.url).origin === scope.location.origin);
      if (!tab) return scope.clients.openWindow(url);
      await tab.navigate(url).catch(() => undefined);
      return tab.focus();
    }),
  );
});
