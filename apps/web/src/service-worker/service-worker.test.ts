import { pathOf } from '@mandira/contract/operation';
import { streamLiveEvents } from '@mandira/contract/operations/events';
import { listOrders } from '@mandira/contract/operations/orders';
import { describe, expect, it, vi } from 'vitest';
import { serviceWorkerSource } from '../../build/service-worker.ts';

type Listener = (event: FakeEvent) => void;
type FakeEvent = {
  request?: { url: string; method: string; mode: string };
  respondWith: (answer: Promise<Response>) => void;
  waitUntil: (work: Promise<unknown>) => void;
};

const ORIGIN = 'https://portal.example';
const SHELL = ['/', '/assets/index-abc.js'];
/** A read of the API, as the browser asks for it. */
const ORDERS_READ = `/api${pathOf(listOrders)}`;

/** Runs the worker's code against a fake `self`, `caches` and `fetch`, and returns its listeners. */
function installWorker(network: (url: string) => Promise<Response>) {
  const stored = new Map<string, Map<string, Response>>();
  const keyOf = (request: { url: string } | string) =>
    new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
  const openCache = async (name: string) => {
    const entries = stored.get(name) ?? new Map<string, Response>();
    stored.set(name, entries);
    return {
      match: async (request: { url: string } | string) => entries.get(keyOf(request))?.clone(),
      put: async (request: { url: string }, response: Response) => void entries.set(keyOf(request), response),
      add: async (url: string) => void entries.set(keyOf(url), await network(url)),
      addAll: async (urls: string[]) => {
        for (const url of urls) entries.set(url, await network(url));
      },
    };
  };
  const caches = {
    open: openCache,
    keys: async () => [...stored.keys()],
    delete: async (name: string) => stored.delete(name),
  };
  const listeners = new Map<string, Listener>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => {}),
    clients: { claim: vi.fn(async () => {}) },
  };
  const fetch = vi.fn((request: { url: string }) => network(request.url));
  new Function('self', 'caches', 'fetch', serviceWorkerSource('v1', SHELL))(self, caches, fetch);
  return { listeners, stored, fetch };
}

async function dispatch(listener: Listener | undefined, request?: FakeEvent['request']) {
  let answer: Promise<Response> | undefined;
  const work: Promise<unknown>[] = [];
  listener?.({
    request,
    respondWith: (given) => (answer = given),
    waitUntil: (given) => void work.push(given),
  });
  await Promise.all(work);
  return answer;
}

const get = (path: string, mode = 'cors') => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });

describe('the service worker', () => {
  it('caches the app shell on install and drops the caches of older releases on activation', async () => {
    const worker = installWorker(async (url) => new Response(`body of ${url}`));
    worker.stored.set('mandira-old', new Map());
    await dispatch(worker.listeners.get('install'));
    await dispatch(worker.listeners.get('activate'));
    expect([...worker.stored.keys()]).toEqual(['mandira-v1']);
    expect([...(worker.stored.get('mandira-v1')?.keys() ?? [])]).toEqual(SHELL);
  });

  it.each([
    ['a read of the API', get(`${ORDERS_READ}?page=1`)],
    ['the live event stream', get(`/api${pathOf(streamLiveEvents)}`)],
    ['the API root', get('/api')],
    ['a write', { ...get('/assets/index-abc.js'), method: 'POST' }],
    ['another origin', { url: 'https://tiles.example/1/2/3.png', method: 'GET', mode: 'cors' }],
  ])('leaves %s to the network, untouched', async (_name, request) => {
    const worker = installWorker(async () => new Response('x'));
    expect(await dispatch(worker.listeners.get('fetch'), request)).toBeUndefined();
  });

  it('answers a hashed asset from the cache once fetched, without asking the network again', async () => {
    const worker = installWorker(async (url) => new Response(`code of ${url}`));
    const first = await dispatch(worker.listeners.get('fetch'), get('/assets/orders-page-x1.js'));
    expect(await first?.text()).toContain('orders-page-x1.js');
    const again = await dispatch(worker.listeners.get('fetch'), get('/assets/orders-page-x1.js'));
    expect(await again?.text()).toContain('orders-page-x1.js');
    expect(worker.fetch).toHaveBeenCalledTimes(1);
  });

  it('opens any screen from the cached page when the network is down', async () => {
    let online = true;
    const worker = installWorker(async (url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(url === '/' ? '<html>portal</html>' : 'x');
    });
    await dispatch(worker.listeners.get('install'));
    online = false;
    const page = await dispatch(worker.listeners.get('fetch'), get('/depo-siparis-yonetimi', 'navigate'));
    expect(await page?.text()).toBe('<html>portal</html>');
  });
});

describe('the service worker asked to keep what a page loaded before it ran', () => {
  it('keeps the named assets of its own origin and nothing else', async () => {
    const worker = installWorker(async (url) => new Response(`code of ${url}`));
    const work: Promise<unknown>[] = [];
    worker.listeners.get('message')?.({
      data: {
        type: 'keep-assets',
        urls: [
          `${ORIGIN}/assets/page-shell-x.js`,
          `${ORIGIN}${ORDERS_READ}`,
          'https://cdn.example/assets/x.js',
        ],
      },
      waitUntil: (given: Promise<unknown>) => void work.push(given),
    } as never);
    await Promise.all(work);
    expect([...(worker.stored.get('mandira-v1')?.keys() ?? [])]).toEqual(['/assets/page-shell-x.js']);
  });
});
