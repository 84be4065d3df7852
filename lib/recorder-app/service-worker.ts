/*
 * Registers the recording app's service worker (public/sw.js), which keeps the app shell so a
 * reload without network still opens the recorder (browser only). The page it registers from
 * was loaded before the worker existed, so it hands the worker the URLs of its own page, scripts
 * and styles to keep (the worker's CACHE_URLS message), the chunks it loaded later included.
 */
export async function registerRecorderWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  // Loaded after the first screen: nothing on it needs the worker.
  const { Workbox } = await import("workbox-window");
  const workbox = new Workbox("/sw.js", { scope: "/r/" });
  const keepThisPage = () => {
    const ownAssets = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(`${window.location.origin}/_next/static/`));
    void workbox
      .messageSW({ type: "CACHE_URLS", payload: { urlsToCache: [window.location.pathname, ...ownAssets] } })
      .catch(() => undefined);
  };
  workbox.addEventListener("activated", keepThisPage);
  workbox.addEventListener("controlling", keepThisPage);
  void workbox.register().then(
    (registration) => {
      if (registration?.active) keepThisPage();
    },
    () => undefined,
  );
}
