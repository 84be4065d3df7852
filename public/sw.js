/*
 * The recording app's service worker (scope /r/), registered by lib/recorder-app/service-worker.ts
 * with workbox-window. It keeps the app shell, so a reload without network still opens the
 * recorder: each recording page network-first (a fresh copy whenever the network answers), Next's
 * hashed static files and the icons cache-first. The recorder's API is never cached: every
 * segment and tap lives in IndexedDB until the server holds it, not here.
 */
const version = "v1";
const pages = `walkthrough-pages-${version}`;
const assets = `walkthrough-assets-${version}`;
const precache = ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(assets)
      .then((cache) => cache.addAll(precache))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("walkthrough-") && ![pages, assets].includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const isPage = (url) => /^\/r\/[^/]+\/?$/.test(url.pathname);
const isAsset = (url) => url.pathname.startsWith("/_next/static/") || precache.includes(url.pathname);

// The page hands over its own URL and the static files it loaded before this worker existed.
self.addEventListener("message", (event) => {
  if (event.data?.type !== "CACHE_URLS") return;
  const urls = (event.data.payload?.urlsToCache ?? []).map((entry) => new URL(entry, self.location.origin));
  event.waitUntil(
    Promise.all(
      urls
        .filter((url) => url.origin === self.location.origin && (isPage(url) || isAsset(url)))
        .map(async (url) => {
          const cache = await caches.open(isPage(url) ? pages : assets);
          if (isAsset(url) && (await cache.match(url.pathname))) return;
          const response = await fetch(url.pathname, { credentials: "omit" });
          if (response.ok) await cache.put(url.pathname, response);
        }),
    ).catch(() => undefined),
  );
});

async function networkFirst(request, url) {
  const cache = await caches.open(pages);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(url.pathname, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(url.pathname);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request, url) {
  const cache = await caches.open(assets);
  const cached = await cache.match(url.pathname);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(url.pathname, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && isPage(url)) return event.respondWith(networkFirst(request, url));
  if (isAsset(url)) return event.respondWith(cacheFirst(request, url));
});
