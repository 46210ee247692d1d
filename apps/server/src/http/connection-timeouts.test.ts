import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStreamReader, openEventStream } from '../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Decision 148: a connection that never sends a byte held a file descriptor for ever. The timeouts are
 * short here so the test is quick; the live stream must outlive the request and connection timeouts.
 */
let t: TestApp;
let port: number;
const streams: EventStreamReader[] = [];

beforeAll(async () => {
  t = await createTestApp({
    HTTP_HEADERS_TIMEOUT_MS: '400',
    HTTP_REQUEST_TIMEOUT_MS: '500',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '400',
    HTTP_CONNECTION_TIMEOUT_MS: '1500',
    LIVE_HEARTBEAT_MS: '200',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t?.close();
});

/** A raw connection: what it received and how many milliseconds after opening the server closed it. */
function rawConnection(send?: string): Promise<{ received: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const openedAt = performance.now();
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      if (send) socket.write(send);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve({ received, closedAfterMs: performance.now() - openedAt }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 5 s; received: ${received}`));
    }, 5_000);
  });
}

describe('connections that send nothing', () => {
  it('closes a connection that never sends a byte after the headers timeout, answering 408', async () => {
    const { received, closedAfterMs } = await rawConnection();
    expect(closedAfterMs).toBeGreaterThanOrEqual(350);
    expect(closedAfterMs).toBeLessThan(2_500);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('İstek zamanında tamamlanmadı.');
  });

  it('closes a connection whose headers never end', async () => {
    const { received, closedAfterMs } = await rawConnection(
      'GET /api/actuator/health HTTP/1.1\r\nHost: x\r\n',
    );
    expect(closedAfterMs).toBeLessThan(2_500);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a kept-alive connection that stays idle after its answer', async () => {
    const { received, closedAfterMs } = await rawConnection(
      'GET /api/actuator/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    // Node adds a second to the keep-alive timeout, for clients that reuse a connection just in time.
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('keeps a live stream open well past the request and connection timeouts, pinging', async () => {
    const stream = await openEventStream(`http://127.0.0.1:${port}`, await t.adminToken());
    streams.push(stream);
    expect(stream.status).toBe(200);
    let ended = false;
    void stream.ended.then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(ended).toBe(false);
    // Pings throughout: at least one per 200 ms heartbeat, give or take.
    expect(stream.messages.filter((message) => message.comment === 'ping').length).toBeGreaterThanOrEqual(5);
  });
});
