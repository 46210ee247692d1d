/*
 * The portal's service worker (decision 158): a tablet opens the portal from its home screen and the
 * screens it has seen open again without the network. The build fills in the version and the shell
 * (build/service-worker.ts); this file is served as /sw.js, never hashed, never cached long.
 *
 * - The app shell (the page, its entry script and styles, the manifest and icons) is cached when the
 *   worker installs; hashed files under /assets/ are cached the first time they are fetched, and never
 *   change under their name.
 * - Pages are asked of the network first: a new release is seen at once; offline the cached page opens.
 * - /api (data, sign-in, the live event stream) is never touched: it goes to the network as if there
 *   were no worker, so nothing a user may not see any more is kept on the device.
 */
const VERSION = '__VERSION__';
const SHELL = JSON.parse('__SHELL__');
const CACHE = `mandira-${VERSION}`;

/** Whether the worker leaves a request alone: not ours, not a read, or the API. */
function passesThrough(request) {
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== 'GET') return true;
  return url.pathname === '/api' || url.pathname.startsWith('/api/');
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, fallbackPath) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !fallbackPath) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackPath ?? request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('mandira-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/*
 * The scripts a page loaded before this worker took it over (the first visit: the shell's and the
 * screen's chunks) never passed through it: the page names them, and they are kept like the rest.
 */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep-assets' || !Array.isArray(event.data.urls)) return;
  const assets = event.data.urls.filter((url) => {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin && parsed.pathname.startsWith('/assets/');
  });
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          assets.map((url) => cache.match(url).then((kept) => kept ?? cache.add(url).catch(() => {}))),
        ),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (passesThrough(request)) return;
  const { pathname } = new URL(request.url);
  if (request.mode === 'navigate') {
    // Every screen is the one page (the router draws it): offline, the cached page stands for all.
    event.respondWith(networkFirst(request, '/'));
  } else if (pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
