import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { FastifyReply } from 'fastify';

/** Names the days a default range chose: 'YYYY-MM-DD..YYYY-MM-DD'. */
export const DEFAULT_RANGE_HEADER = 'x-default-range';

type RangedQuery = { from?: string | undefined; to?: string | undefined; page?: number; size?: number };

/**
 * Decision 111: an unpaged list that grows with time answers a bounded range. Without `from` it covers
 * the `days` Istanbul days up to `to` (today when not given), and the `X-Default-Range` header names
 * them, so a client can tell the range it got from the one it asked for. Paged queries pass unchanged.
 */
export function withDefaultRange<Q extends RangedQuery>(reply: FastifyReply, query: Q, days: number): Q {
  if (query.page !== undefined || query.size !== undefined || query.from) return query;
  const to = query.to ?? istanbulDate(new Date());
  const from = addDays(to, -(days - 1));
  reply.header(DEFAULT_RANGE_HEADER, `${from}..${to}`);
  return { ...query, from, to };
}
