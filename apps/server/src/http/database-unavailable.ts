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
