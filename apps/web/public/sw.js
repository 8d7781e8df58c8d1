/*
 * The portal's service worker: the app opens without a network.
 *
 * - /assets/* (hashed names, never changed): from the cache, else fetched and kept.
 * - Pages (navigations): from the network, the page kept as the app's shell;
 *   offline, the kept shell (the app then shows its offline notice).
 * - Other files of the site root (icons, manifest): from the network, the
 *   kept copy offline.
 * - /api/ is never touched: the dashboard keeps its own last answers
 *   (apps/web/src/lib/query.ts).
 *
 * Served with `Cache-Control: no-cache`, so a new version is found on the next visit.
 */
const ASSETS = 'hr-assets-v1';
const SITE = 'hr-site-v1';
/** The kept page: every route of the app is this one page. */
const SHELL = '/index.html';
/** Assets kept at most; the oldest go first (earlier versions of the app). */
const MAX_ASSETS = 400;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SITE)
      .then((cache) =>
        Promise.all([
          fetch('/signin', { cache: 'no-cache' }).then((res) => (res.ok ? cache.put(SHELL, res) : undefined)),
          cache.addAll(['/favicon.svg', '/manifest.webmanifest']),
        ]),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n !== ASSETS && n !== SITE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)));
}

async function fromAssets(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const res = await fetch(request);
  if (res.ok) {
    await cache.put(request, res.clone());
    await trim(cache);
  }
  return res;
}

async function networkFirst(request, key) {
  const cache = await caches.open(SITE);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(key, res.clone());
    return res;
  } catch (err) {
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(fromAssets(request));
  else if (request.mode === 'navigate') event.respondWith(networkFirst(request, SHELL));
  else event.respondWith(networkFirst(request, url.pathname));
});

/** The page hands over the files it loaded before this worker took over. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (u) =>
      typeof u === 'string' &&
      new URL(u).origin === self.location.origin &&
      new URL(u).pathname.startsWith('/assets/'),
  );
  event.waitUntil(
    caches.open(ASSETS).then(async (cache) => {
      for (const url of urls) {
        if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
      }
    }),
  );
});
