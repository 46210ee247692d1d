import type { FastifyReply } from 'fastify';
import { fail } from './envelope.ts';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'Hizmet geçici olarak kullanılamıyor: veritabanına şu anda ulaşılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.';
/** How soon a client may try again; the pool reconnects on its own within seconds. */
export const RETRY_AFTER_SECONDS = 5;

export function replyDatabaseUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send(fail({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' }));
}

export const TRANSACTION_CONFLICT_MESSAGE =
  'İşlem aynı anda yapılan başka işlemlerle çakıştı ve tamamlanamadı; hiçbir değişiklik kaydedilmedi. Lütfen birkaç saniye sonra tekrar deneyin.';
/** A conflict that outlived its retries is brief: the other transaction has finished by then. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;

/**
 * A deadlock or serialization failure that was still there after the transaction's retries
 * (decision 149): nothing was written, so it is the server's momentary state, not a 500.
 */
export function replyTransactionConflict(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS))
    .send(fail({ message: TRANSACTION_CONFLICT_MESSAGE, code: 'UNAVAILABLE' }));
}
