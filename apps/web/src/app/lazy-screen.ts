import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** How long a screen's script may take to arrive before the user is offered a reload. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A screen's script that did not arrive in time (a stalled connection, a proxy holding the request). */
export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super('Sayfanın dosyaları zamanında gelmedi.');
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** The import, or a ChunkLoadTimeoutError once `ms` pass without it. */
export function withinTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * `React.lazy` that gives up after two minutes: a chunk that never arrives would otherwise spin
 * forever; the rejection reaches the route's error page, which offers a reload.
 */
export function lazyScreen<T extends ComponentType>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => withinTimeout(load));
}
