// The site's service worker: it makes the site installable and shows an offline page when a
// screen cannot load. It caches only its own static files (the offline page, its script and the
// icons). API, game and money calls are never cached nor answered from a cache: a balance, a
// bet or a payment must come from the server or fail visibly, never be replayed from storage.
const CACHE = "panalo-offline-v1";
const OFFLINE_FILES = ["/offline.html", "/offline.js", "/icons/icon-192.png"];
// Paths that are never the site's screens: calls, games, media, the back office.
const NOT_SCREENS = [
  "/wps/",
  "/lgw/",
  "/lotto/",
  "/api/",
  "/provider/",
  "/rgs/",
  "/docs",
  "/media/",
  "/payments/",
  "/sandbox-gateway/",
  "/ws",
  "/admin",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NOT_SCREENS.some((p) => url.pathname.startsWith(p))) return;
  // A screen: always from the network; the offline page only when the network fails.
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match("/offline.html")));
    return;
  }
  // The offline page's own files, from the cache when offline.
  if (OFFLINE_FILES.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});
