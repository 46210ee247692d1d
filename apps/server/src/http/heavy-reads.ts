import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnavailableError } from './errors.ts';

/**
 * Reads whose cost grows with the data (wide ranges, whole lists, statements): `METHOD /url` as the
 * routes are declared. A user's run one at a time, in the order they came (decision 169): with two
 * cores, four of them at once from one user kept PostgreSQL busy on both, and another user's p95 went
 * from 57 ms (one at a time) to 254 ms; each is bounded already (decision 149), so one at a time
 * bounds what a single user can take of the machine. Other users' reads, and the user's own light
 * ones, never wait for them.
 */
export const HEAVY_READS: ReadonlySet<string> = new Set([
  'GET /api/orders',
  'GET /api/orders/filter',
  'GET /api/product-item/stock-history',
  'GET /api/production/milk-delivery/deliveries',
  'GET /api/shipments',
  'GET /api/shipments/filter-by-status',
  'GET /api/accounting/transactions',
  'GET /api/accounting/statement',
  'GET /api/accounting/statement.pdf',
  'GET /api/audit',
]);

/** A user's heavy reads that may wait behind the running one; more are refused with 503. */
export const HEAVY_READS_WAITING = 8;
export const HEAVY_READS_BUSY_MESSAGE =
  'Aynı anda çok sayıda kapsamlı sorgu gönderdiniz. Öncekiler tamamlanınca tekrar deneyin.';

type Turn = { start?: () => void; ended: boolean };
type Line = { waiting: Turn[] };

/**
 * Keeps each user's heavy reads in a line of their own (HEAVY_READS): registered after the auth guard,
 * so the user is known, and as a preHandler, so bad input is refused without waiting. A read leaves the
 * line when its answer is sent or its client goes away, waiting or running.
 */
export function registerHeavyReadLine(app: FastifyInstance, waitingLimit = HEAVY_READS_WAITING): void {
  /** The users with a heavy read running, and what waits behind it. */
  const lines = new Map<number, Line>();
  const leave = new WeakMap<FastifyRequest, () => void>();

  app.addHook('preHandler', async (request, reply) => {
    const userId = request.actor?.userId;
    if (userId === undefined || !HEAVY_READS.has(`${request.method} ${request.routeOptions.url}`)) return;
    const running = lines.get(userId);
    if (running && running.waiting.length >= waitingLimit)
      throw new UnavailableError(HEAVY_READS_BUSY_MESSAGE, 1);
    const line = running ?? { waiting: [] };
    lines.set(userId, line);
    const turn: Turn = { ended: false };
    const finish = () => {
      if (turn.ended) return;
      turn.ended = true;
      const waitingAt = line.waiting.indexOf(turn);
      if (waitingAt >= 0) {
        line.waiting.splice(waitingAt, 1);
        return;
      }
      const next = line.waiting.shift();
      if (next) next.start!();
      else lines.delete(userId);
    };
    leave.set(request, finish);
    reply.raw.once('close', finish);
    if (!running) return;
    await new Promise<void>((resolve) => {
      turn.start = resolve;
      line.waiting.push(turn);
    });
  });
  app.addHook('onResponse', async (request) => {
    leave.get(request)?.();
  });
}
