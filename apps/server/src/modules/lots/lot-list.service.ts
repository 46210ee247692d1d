import { todayInIstanbul } from '@mandira/contract/lots';
import { LOTS_PAGE_SIZE, type LotPage, type LotQuery } from '@mandira/contract/lots-answers';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { countLots, lotConditions, lotSummaries } from './lot-list.repo.ts';

/**
 * The lots list (`GET /lots`) in FEFO order — earliest expiry first, the undated lots last — filtered and
 * paged in SQL (docs/domain/lots.md); the reads are lot-list.repo.ts's.
 */

export { lotConditions, lotSummaries };

type Query = z.output<typeof LotQuery>;

/** `GET /lots`: one page of the lots that match, FEFO order, and the count of all that match. */
export async function listLots(db: Db | Tx, query: Query, now: Date = new Date()): Promise<LotPage> {
  const today = todayInIstanbul(now);
  const where = lotConditions(query, today);
  const page = query.page ?? 1;
  const size = query.size ?? LOTS_PAGE_SIZE;
  const count = await countLots(db, where);
  const lots =
    count > (page - 1) * size
      ? await lotSummaries(db, where, { limit: size, offset: (page - 1) * size }, today)
      : [];
  return { lots, page, size, count, totalPages: Math.ceil(count / size) };
}
