import { getCurrentUser } from '@mandira/contract/operations/access';
import { streamLiveEvents } from '@mandira/contract/operations/events';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { API_BASE, urlOf } from '../api/client.ts';
import { MARK_MS } from '../api/live/live-marks.ts';
import { LiveUpdates, useLiveMarks } from '../api/live/live-updates.tsx';
import { endSession, startSession } from '../api/session-store.ts';
import { DataTable } from '../lib/data-table/data-table.tsx';
import { LiveLinkIndicator } from './live-link-indicator.tsx';

const ME_URL = `${API_BASE}${urlOf(getCurrentUser)}`;
const STREAM_URL = `${API_BASE}${urlOf(streamLiveEvents)}`;

type Shipment = { id: number; plate: string };
const SHIPMENTS: Shipment[] = [
  { id: 1, plate: '35 ABC 001' },
  { id: 2, plate: '06 DEF 002' },
];

function Shipments() {
  const isMarked = useLiveMarks();
  return (
    <DataTable
      name="sevkiyatlar"
      columns={[{ id: 'plate', header: 'Plaka', value: (row: Shipment) => row.plate }]}
      data={SHIPMENTS}
      getRowId={(row) => row.id}
      isRowChanged={(row) => isMarked('shipment', row.id)}
    />
  );
}

/** The server at the network boundary: who is signed in (user 1), and the event stream the test writes into. */
function fakeServer(events: 'stream' | 404) {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const fetch = vi.fn(async (url: string) => {
    if (url === ME_URL) {
      const me = { id: 1, userName: 'ayse', name: 'Ayşe', surname: 'Kaya', privileges: [] };
      return new Response(JSON.stringify({ success: true, data: me }), { status: 200 });
    }
    if (url === STREAM_URL && events === 'stream') {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: 'yok' } }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    send: (text: string) => controller?.enqueue(encoder.encode(text)),
  };
}

function renderIndicator() {
  return renderWithProviders(
    <LiveUpdates>
      <LiveLinkIndicator />
    </LiveUpdates>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const rowOf = (plate: string) => screen.getByText(plate).closest('tr')!;

beforeEach(() => {
  vi.useFakeTimers();
  startSession('token-1', 'ayse');
});
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LiveUpdates', () => {
  it('marks the row another user changed for a moment, and not one the user changed', async () => {
    const server = fakeServer('stream');
    renderWithProviders(
      <LiveUpdates>
        <Shipments />
      </LiveUpdates>,
    );
    await advance(0);
    server.send('event: resync\ndata: {}\n\n');
    server.send('data: {"topic":"shipments","type":"shipment.changed","id":2,"status":"LOADING","by":7}\n\n');
    server.send('data: {"topic":"shipments","type":"shipment.changed","id":1,"by":1}\n\n');
    await advance(0);
    expect(rowOf('06 DEF 002')).toHaveAttribute('data-live-changed');
    expect(rowOf('35 ABC 001')).not.toHaveAttribute('data-live-changed');
    await advance(MARK_MS - 10);
    expect(rowOf('06 DEF 002')).toHaveAttribute('data-live-changed');
    await advance(10);
    expect(rowOf('06 DEF 002')).not.toHaveAttribute('data-live-changed');
  });

  it('says quietly in the header that the link is down, trying again with growing pauses', async () => {
    const server = fakeServer(404);
    renderIndicator();
    await advance(1_000);
    // Down for less than the indicator's delay: nothing yet.
    expect(screen.queryByTestId('live-link-down')).not.toBeInTheDocument();
    await advance(2_000);
    expect(screen.getByRole('status')).toHaveAccessibleName('Canlı bağlantı kesildi, yeniden bağlanılıyor…');
    await advance(60_000);
    const streamCalls = server.fetch.mock.calls.filter(([url]) => url === STREAM_URL);
    // 0, ~1, ~3, ~7, ~15, ~31 s, then every ~30 s: a handful in a minute, never a storm.
    expect(streamCalls.length).toBeGreaterThanOrEqual(5);
    expect(streamCalls.length).toBeLessThanOrEqual(8);
  });

  it('shows nothing while the link is up', async () => {
    fakeServer('stream');
    renderIndicator();
    await advance(5_000);
    expect(screen.queryByTestId('live-link-down')).not.toBeInTheDocument();
  });
});
