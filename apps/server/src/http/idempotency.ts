import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Db, rowsOf } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * Writes that survive a flaky network (decision 159, the IETF `Idempotency-Key` draft): a write sent again
 * with the same key and the same body gets the first answer and writes nothing again, across server
 * processes; the same key with another body is 422. Keys are per user and kept 24 hours.
 *
 * The key is booked before the handler runs and its answer stored when it is sent, outside the write's
 * own transaction: a server killed between the two leaves the key pending, and a retry after
 * `ABANDONED_AFTER_MS` runs the write again.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEPT_MS = 24 * 60 * 60_000;
/** How long a retry waits for the first request's answer before saying it still runs. */
const WAIT_MS = 20_000;
const POLL_MS = 50;
/** A key still pending this long belonged to a request whose server died: the next retry takes it over. */
const ABANDONED_AFTER_MS = 120_000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { userId: number; key: string };
  }
}

type KeptAnswer = {
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  age_ms: number;
};

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  // After the body is parsed and the user known (the guard runs onRequest), before the handler.
  app.addHook('preHandler', async (request, reply) => {
    if (!WRITES.has(request.method)) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY_FORMAT.test(key)) {
      throw new AppError(
        'VALIDATION',
        'Idempotency-Key 1–255 yazdırılabilir ASCII karakterden oluşmalıdır.',
        'Idempotency-Key',
      );
    }
    // Sign-in and the other public calls have no user to keep keys for; they are safe to repeat.
    const userId = request.actor?.userId;
    if (!userId) return;
    return claimOrReplay(db, request, reply, { userId, key, fingerprint: fingerprintOf(request) });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotency;
    if (!claimed) return payload;
    request.idempotency = undefined;
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      // Nothing was written (or it cannot be told): a retry with the key must run the write again.
      await db.execute(
        sql`delete from idempotency_keys where user_id = ${claimed.userId} and key = ${claimed.key}`,
      );
      return payload;
    }
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    await db.execute(sql`
      update idempotency_keys set status_code = ${reply.statusCode}, content_type = ${contentType}, body = ${body}
       where user_id = ${claimed.userId} and key = ${claimed.key}`);
    return payload;
  });
}

async function claimOrReplay(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  claim: { userId: number; key: string; fingerprint: string },
): Promise<FastifyReply | undefined> {
  const waitUntil = Date.now() + WAIT_MS;
  for (;;) {
    const [claimed] = await rowsOf<{ claimed: number }>(
      db,
      sql`insert into idempotency_keys (user_id, key, fingerprint)
          values (${claim.userId}, ${claim.key}, ${claim.fingerprint})
          on conflict (user_id, key) do nothing
          returning 1 as claimed`,
    );
    if (claimed) {
      request.idempotency = { userId: claim.userId, key: claim.key };
      // Now and then the expired keys go; a key is one row, so this stays small.
      if (Math.random() < 0.01) {
        await db.execute(
          sql`delete from idempotency_keys where created_at < now() - ${`${KEPT_MS} milliseconds`}::interval`,
        );
      }
      return undefined;
    }
    const [kept] = await rowsOf<KeptAnswer>(
      db,
      sql`select fingerprint, status_code, content_type, body,
                 (extract(epoch from now() - created_at) * 1000)::float8 as age_ms
            from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key}`,
    );
    if (!kept) continue;
    if (kept.age_ms > KEPT_MS || (kept.status_code === null && kept.age_ms > ABANDONED_AFTER_MS)) {
      await db.execute(sql`
        delete from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key}
           and created_at <= now() - ${`${Math.floor(Math.min(kept.age_ms, KEPT_MS))} milliseconds`}::interval`);
      continue;
    }
    if (kept.fingerprint !== claim.fingerprint) {
      throw new AppError(
        'BUSINESS_RULE',
        'Bu Idempotency-Key başka bir istekle kullanıldı; her işlem için yeni bir anahtar gönderin.',
        'Idempotency-Key',
      );
    }
    if (kept.status_code !== null) {
      return reply
        .code(kept.status_code)
        .header('content-type', kept.content_type ?? 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(kept.body ?? '');
    }
    if (Date.now() > waitUntil) {
      throw new AppError(
        'CONFLICT',
        'Aynı anahtarla gönderilen işlem hâlâ sürüyor; birazdan yeniden deneyin.',
        'Idempotency-Key',
      );
    }
    await sleep(POLL_MS);
  }
}
