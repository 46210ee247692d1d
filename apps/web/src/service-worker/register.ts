/**
 * Registers the portal's service worker (/sw.js, written by the build: build/service-worker.ts) so a
 * tablet can open the portal from its home screen (decision 158). Only a production build has one;
 * the dev server would cache files that change on every save.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // Without a worker the portal works as before, only not offline.
      console.warn('Servis çalışanı kaydedilemedi', error);
    });
  });
}
