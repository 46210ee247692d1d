/**
 * Registers the portal's service worker (/sw.js, written by the build: build/service-worker.ts) so a
 * tablet can open the portal from its home screen (decision 158). Only a production build has one;
 * the dev server would cache files that change on every save.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => keepLoadedAssets(registration))
      .catch((error: unknown) => {
        // Without a worker the portal works as before, only not offline.
        console.warn('Servis çalışanı kaydedilemedi', error);
      });
  });
}

/**
 * Names to the worker the files this page loads, those it loaded before the worker took it over
 * included (they never passed through it), so each screen seen once opens offline too.
 */
function keepLoadedAssets(registration: ServiceWorkerRegistration): void {
  const keep = (entries: readonly PerformanceEntry[]) => {
    const urls = entries.map((entry) => entry.name).filter((url) => url.includes('/assets/'));
    if (urls.length > 0) registration.active?.postMessage({ type: 'keep-assets', urls });
  };
  keep(performance.getEntriesByType('resource'));
  new PerformanceObserver((list) => keep(list.getEntries())).observe({ type: 'resource' });
}
