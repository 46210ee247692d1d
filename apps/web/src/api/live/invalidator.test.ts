import * as fleet from '@mandira/contract/operations/fleet';
import * as orders from '@mandira/contract/operations/orders';
import * as shipments from '@mandira/contract/operations/shipments';
import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLEET_KEY, SHIPMENTS_KEY } from '../fleet.ts';
import { ORDERS_KEY } from '../orders.ts';
import { operationKey } from '../query.ts';
import { COALESCE_MS, createInvalidator } from './invalidator.ts';
import { TOPIC_KEYS } from './topic-keys.ts';

/** A query shown on screen (an observer keeps it active) that counts its reads. */
function shown(queryClient: QueryClient, queryKey: QueryKey) {
  const reads = { count: 0 };
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => {
      reads.count += 1;
      return reads.count;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { reads, unsubscribe };
}

let queryClient: QueryClient;
beforeEach(() => {
  vi.useFakeTimers({ now: 5_000_000 });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('createInvalidator', () => {
  it('answers a burst of 50 events with one read of each list shown, after the pause', async () => {
    const warehouse = shown(
      queryClient,
      operationKey(ORDERS_KEY, orders.listOrdersOfView, {
        query: { operationType: 'WAREHOUSE', page: 1, size: 25 },
      }),
    );
    const review = shown(queryClient, operationKey(ORDERS_KEY, orders.searchOrders, { body: { page: 1 } }));
    const figures = shown(queryClient, ['products', 'sellable', 'list', 'SÜT']);
    const vehicles = shown(queryClient, operationKey(FLEET_KEY, fleet.listFleetVehicles));
    await vi.advanceTimersByTimeAsync(0);
    expect([warehouse, review, figures, vehicles].map((query) => query.reads.count)).toEqual([1, 1, 1, 1]);

    const invalidator = createInvalidator(queryClient);
    for (let i = 0; i < 50; i++) invalidator.topic(i % 2 ? 'orders' : 'stock');
    await vi.advanceTimersByTimeAsync(COALESCE_MS - 1);
    expect(warehouse.reads.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect([warehouse, review, figures, vehicles].map((query) => query.reads.count)).toEqual([2, 2, 2, 1]);
    invalidator.dispose();
  });

  it('marks a list not on screen stale without reading it', async () => {
    const shipmentPage = operationKey(SHIPMENTS_KEY, shipments.listShipments, {
      query: { page: 1, size: 50 },
    });
    queryClient.setQueryData(shipmentPage, { shipments: [] });
    queryClient.setQueryData(['accounting', 'summary', 4], { balance: 0 });
    const invalidator = createInvalidator(queryClient);
    invalidator.topic('shipments');
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(queryClient.getQueryState(shipmentPage)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['accounting', 'summary', 4])?.isInvalidated).toBe(false);
  });

  it('reads again on resync what was read before the stream opened, and nothing read since', async () => {
    queryClient.setQueryData(['milk', 'vehicles'], []);
    await vi.advanceTimersByTimeAsync(1_000);
    const opened = Date.now();
    await vi.advanceTimersByTimeAsync(1_000);
    queryClient.setQueryData(['users', 'list'], []);
    const invalidator = createInvalidator(queryClient);
    invalidator.resync(opened);
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(queryClient.getQueryState(['milk', 'vehicles'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['users', 'list'])?.isInvalidated).toBe(false);
  });

  it('names a key prefix for every screen the issue lists', () => {
    const named = (topic: keyof typeof TOPIC_KEYS) => TOPIC_KEYS[topic].map((key) => key.join('/'));
    expect(named('orders')).toEqual(expect.arrayContaining(['orders', 'products/sellable', 'dashboard']));
    expect(named('shipments')).toEqual(expect.arrayContaining(['shipments', 'dashboard']));
    expect(named('stock')).toEqual(expect.arrayContaining(['stock', 'products/sellable']));
    expect(named('accounting')).toContain('accounting');
    expect(named('users')).toContain('users');
  });
});
