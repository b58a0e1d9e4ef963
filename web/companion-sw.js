// The companion's service worker: once a companion page has loaded, its
// page, scripts, styles and card catalogue come from the cache when the
// network is gone, so the page opens offline; while online every request
// goes to the network first, so a new version reaches the phone at once.
// Changes made offline wait in the page (companion.js), not here.
const CACHE = "kw-companion-v1";
const SHELL = ["/static/companion.js", "/static/companion-i18n.js", "/static/companion.css", "/static/common.js",
  "/companion.webmanifest", "/companion-icon.svg"];

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// cacheable: the page itself, its files, the card catalogue and a
// table's last state; never a change (POST) or the WebSocket.
function cacheable(req) {
  if (req.method !== "GET") return false;
  const u = new URL(req.url);
  if (u.origin !== self.location.origin || u.pathname.endsWith("/ws")) return false;
  return u.pathname.startsWith("/companion") || u.pathname.startsWith("/static/") ||
    u.pathname.startsWith("/api/companion/catalog/") || /^\/api\/companion\/tables\/[^/]+$/.test(u.pathname);
}

self.addEventListener("fetch", (ev) => {
  if (!cacheable(ev.request)) return;
  // A page is cached without its query (?t=...), so any table's link opens offline.
  const key = ev.request.mode === "navigate" ? new URL(ev.request.url).pathname : ev.request;
  ev.respondWith(fetch(ev.request).then((res) => {
    if (res.ok) {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(key, copy));
    }
    return res;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
