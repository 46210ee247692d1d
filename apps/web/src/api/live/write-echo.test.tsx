import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiMutation } from '../query.ts';
import { COALESCE_MS, createInvalidator, type Invalidator } from './invalidator.ts';
import { ECHO_MS } from './read-log.ts';

const DELIVERIES = ['milk', 'deliveries', { from: '2026-11-28', to: '2026-11-28' }, 1, 25];

/** The milk deliveries on screen, counting its reads; `hold` keeps the next read from answering. */
function shownDeliveries(queryClient: QueryClient) {
  const reads = { count: 0, held: undefined as (() => void) | undefined, hold: false };
  const observer = new QueryObserver(queryClient, {
    queryKey: DELIVERIES,
    queryFn: () => {
      reads.count += 1;
      if (!reads.hold) return Promise.resolve(reads.count);
      return new Promise<number>((resolve) => {
        reads.held = () => resolve(reads.count);
      });
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { reads, unsubscribe };
}

/** 'Süt Girişi' saving: the server answers when `answer` is called. */
function renderSave(queryClient: QueryClient) {
  let answer: () => void = () => {};
  const send = () =>
    new Promise<{ success: true; data: { id: number } }>((resolve) => {
      answer = () => resolve({ success: true, data: { id: 7 } });
    });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useApiMutation(send, { invalidates: [['milk']] }), { wrapper });
  return { save: () => result.current.mutateAsync(undefined), answer: () => answer() };
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

let queryClient: QueryClient;
let invalidator: Invalidator;
beforeEach(() => {
  vi.useFakeTimers({ now: 5_000_000 });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  invalidator = createInvalidator(queryClient);
});
afterEach(() => {
  invalidator.dispose();
  queryClient.clear();
  vi.useRealTimers();
});

describe('a write and its live echo', () => {
  it('read the list once when the echo comes after the answer', async () => {
    const deliveries = shownDeliveries(queryClient);
    const { save, answer } = renderSave(queryClient);
    await settle();
    const saving = save();
    await settle();
    answer();
    await settle();
    await saving;
    expect(deliveries.reads.count).toBe(2);

    invalidator.topic('milk', true);
    await act(() => vi.advanceTimersByTimeAsync(COALESCE_MS));
    expect(deliveries.reads.count).toBe(2);
  });

  it('read the list once when the echo comes before the answer', async () => {
    const deliveries = shownDeliveries(queryClient);
    const { save, answer } = renderSave(queryClient);
    await settle();
    const saving = save();
    await settle();
    invalidator.topic('milk', true);
    await act(() => vi.advanceTimersByTimeAsync(COALESCE_MS / 2));
    answer();
    await settle();
    await saving;
    await act(() => vi.advanceTimersByTimeAsync(COALESCE_MS));
    expect(deliveries.reads.count).toBe(2);
  });

  it('answer the save at once, while the list is still being read', async () => {
    const deliveries = shownDeliveries(queryClient);
    const { save, answer } = renderSave(queryClient);
    await settle();
    deliveries.reads.hold = true;
    let saved = false;
    const saving = save().then(() => {
      saved = true;
    });
    await settle();
    answer();
    await settle();
    expect(saved).toBe(true);
    expect(deliveries.reads.count).toBe(2);
    deliveries.reads.held?.();
    await settle();
    await saving;
  });

  it("still read again for another user's change, and for the user's own from another tab", async () => {
    const deliveries = shownDeliveries(queryClient);
    const { save, answer } = renderSave(queryClient);
    await settle();
    const saving = save();
    await settle();
    answer();
    await settle();
    await saving;
    expect(deliveries.reads.count).toBe(2);

    // Someone else's change may have come after this tab's read began.
    invalidator.topic('milk', false);
    await act(() => vi.advanceTimersByTimeAsync(COALESCE_MS));
    expect(deliveries.reads.count).toBe(3);

    // Long after this tab's last write, the user's own change was made elsewhere.
    await act(() => vi.advanceTimersByTimeAsync(ECHO_MS + 1));
    invalidator.topic('milk', true);
    await act(() => vi.advanceTimersByTimeAsync(COALESCE_MS));
    expect(deliveries.reads.count).toBe(4);
  });
});
