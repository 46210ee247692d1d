import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import type { Actor } from './auth.ts';
import { registerErrorHandling } from './error-handler.ts';
import { HEAVY_READS, HEAVY_READS_BUSY_MESSAGE, registerHeavyReadLine } from './heavy-reads.ts';

/**
 * Decision 169: one user's heavy reads run one at a time, in order, and never hold up another user's;
 * a read whose client went away leaves the line. The reads here are held open by the test, so the
 * order is the line's, not the database's.
 */
describe("a user's line of heavy reads", () => {
  let app: FastifyInstance;
  let port: number;
  /** The reads started, by name, and how to answer each. */
  const started: string[] = [];
  const answer = new Map<string, () => void>();

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    await app.register(
      async (api) => {
        api.addHook('onRequest', async (request) => {
          request.actor = { userId: Number(request.headers['x-user']) } as Actor;
        });
        registerHeavyReadLine(api, 2);
        api.get('/shipments', async (request) => {
          const name = String((request.query as { name: string }).name);
          started.push(name);
          await new Promise<void>((resolve) => answer.set(name, resolve));
          return { name };
        });
      },
      { prefix: '/api' },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const resolve of answer.values()) resolve();
    await app?.close();
  });

  const read = (user: number, name: string) =>
    fetch(`http://127.0.0.1:${port}/api/shipments?name=${name}`, { headers: { 'x-user': String(user) } });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('runs one at a time per user, in order, beside another user', async () => {
    const first = read(1, 'a1');
    await settle();
    const second = read(1, 'a2');
    const third = read(1, 'a3');
    const others = read(2, 'b1');
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    // A third waiting read of the user is one too many (two may wait here).
    const refused = await read(1, 'a4');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      HEAVY_READS_BUSY_MESSAGE,
    );

    answer.get('a1')!();
    expect((await first).status).toBe(200);
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    answer.get('a2')!();
    answer.get('b1')!();
    await Promise.all([second, others]);
    await settle();
    answer.get('a3')!();
    expect((await third).status).toBe(200);
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('lets a read whose client went away leave the line, waiting or running', async () => {
    const running = net.connect(port, '127.0.0.1');
    running.write('GET /api/shipments?name=c1 HTTP/1.1\r\nHost: x\r\nx-user: 3\r\n\r\n');
    await settle();
    const waiting = net.connect(port, '127.0.0.1');
    waiting.write('GET /api/shipments?name=c2 HTTP/1.1\r\nHost: x\r\nx-user: 3\r\n\r\n');
    await settle();
    waiting.destroy();
    await settle();
    running.destroy();
    await settle();
    const next = read(3, 'c3');
    await settle();
    expect(started.filter((name) => name.startsWith('c'))).toEqual(['c1', 'c3']);
    answer.get('c3')!();
    expect((await next).status).toBe(200);
  });
});

describe('the heavy reads', () => {
  it('are all routes of the API', async () => {
    const t = await createTestApp();
    try {
      const missing = [...HEAVY_READS].filter((read) => {
        const [method, url] = read.split(' ') as [string, string];
        return !t.app.hasRoute({ method: method as 'GET', url });
      });
      expect(missing).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
