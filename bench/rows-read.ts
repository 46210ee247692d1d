/**
 * Rows read per request (issue 42): each paged list of the office asked once for its first page and
 * once for its deepest (the last page its first answer offers), alone on the run's database, with what
 * PostgreSQL counted for its tables around it, by the tests' query (apps/server/test/rows-read.ts): heap
 * rows read (`pg_stat_user_tables`: seq_tup_read + idx_tup_fetch) and index entries read
 * (`pg_stat_user_indexes`: idx_tup_read, which an index-only scan reads without fetching rows). A busy
 * backend sends its counts up to 10 s after it goes idle, but always when it ends: so before and after
 * each request the database's other backends are ended (`pg_terminate_backend`; the servers' pools open
 * new ones) and the counts read once they are gone.
 * `pg_stat_database`'s tuples are not used: they count the catalog rows each new backend reads.
 */
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import pg from 'pg';
import { type RowsRead, rowsReadQuery } from '../apps/server/test/rows-read.ts';
import { call } from './harness/api.ts';
import type { Server } from './harness/server.ts';

type ListRequest = { method: 'GET' | 'POST'; url: string; body?: object };

/** The lists, asked as the office mix asks them (bench/office-operations.ts), page `page`. */
function lists(bigBuyerId: number): [string, (page: number) => ListRequest][] {
  const today = istanbulDate(new Date());
  const get = (path: string, values: Record<string, string | number>) => (page: number) => ({
    method: 'GET' as const,
    url: `${path}?${new URLSearchParams(Object.entries({ ...values, page: String(page) }).map(([k, v]) => [k, String(v)]))}`,
  });
  return [
    ['warehouse list, 25', get('/api/orders/filter', { operationType: 'WAREHOUSE', size: 25 })],
    [
      'order search, 50',
      (page) => ({
        method: 'POST',
        url: '/api/orders/filter-by-query',
        body: {
          orderStatuses: ['WAITING_FOR_REVIEW', 'IN_REVIEW'],
          fromCreateDate: addDays(today, -29),
          toCreateDate: today,
          page,
          size: 50,
        },
      }),
    ],
    [
      'statement, 30 days, 100',
      get('/api/accounting/statement', {
        buyerId: bigBuyerId,
        from: addDays(today, -29),
        to: today,
        size: 100,
      }),
    ],
    ['transactions, 50', get('/api/accounting/transactions', { buyerId: bigBuyerId, size: 50 })],
    ['shipments, 50', get('/api/shipments', { size: 50 })],
    [
      'stock history, a week, 50',
      get('/api/product-item/stock-history', { startDate: addDays(today, -6), endDate: today, size: 50 }),
    ],
    ['audit, 50', get('/api/audit', { size: 50 })],
    [
      'milk deliveries, 30 days, 50',
      get('/api/production/milk-delivery/deliveries', { from: addDays(today, -29), to: today, size: 50 }),
    ],
    ['catalogue, 50', get('/api/product-item', { size: 50 })],
  ];
}

export type PageRead = { page: number; shown: number; rows: number; indexEntries: number; status: number };
export type ListRead = { name: string; first: PageRead; deep: PageRead };

/** The rows of a page and its page count, whatever the list names its rows. */
function pageOf(data: unknown): { shown: number; totalPages: number } {
  if (Array.isArray(data)) return { shown: data.length, totalPages: 1 };
  const record = (data ?? {}) as Record<string, unknown>;
  const rows = Object.values(record).find(Array.isArray) as unknown[] | undefined;
  // The statement keeps its page figures apart, under `paging`.
  const figures = (record.paging ?? record) as { totalPages?: number };
  return { shown: rows?.length ?? 0, totalPages: Number(figures.totalPages ?? 1) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads every list's first and deepest page on `server` as `token` (who may see them all). Nothing
 * else may use `databaseUrl` meanwhile but servers, whose pools survive losing idle connections.
 */
export async function measureRowsRead(
  server: Server,
  token: string,
  databaseUrl: string,
  bigBuyerId: number,
): Promise<ListRead[]> {
  const reader = new pg.Client({ connectionString: databaseUrl });
  await reader.connect();
  /** Every other backend of the database ended (its counts sent), then the counts. */
  const counts = async () => {
    for (let tries = 0; tries < 50; tries += 1) {
      const { rows } = await reader.query<{ alive: number }>(
        `select count(*)::int as alive from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      if (rows[0]!.alive === 0) break;
      await reader.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      await sleep(100);
    }
    await reader.query('select pg_stat_clear_snapshot()');
    const { rows } = await reader.query<Record<keyof RowsRead, string>>(rowsReadQuery('database'));
    // The servers' pools drop their ended connections when told so: a moment later.
    await sleep(200);
    return { rows: Number(rows[0]!.tableRows), indexEntries: Number(rows[0]!.indexEntries) };
  };
  const read = async (request: ListRequest, page: number) => {
    const before = await counts();
    const { status, json } = await call(server, token, request.method, request.url, request.body);
    const after = await counts();
    return {
      page,
      status,
      ...pageOf(json.data),
      rows: after.rows - before.rows,
      indexEntries: after.indexEntries - before.indexEntries,
    };
  };
  try {
    const measured: ListRead[] = [];
    for (const [list, request] of lists(bigBuyerId)) {
      const { totalPages, ...first } = await read(request(1), 1);
      const deepest = Math.max(1, totalPages);
      const { totalPages: _, ...deep } = await read(request(deepest), deepest);
      measured.push({ name: list, first, deep });
    }
    return measured;
  } finally {
    await reader.end();
  }
}

/** The Markdown table of one data set's lists. */
export function rowsReadTable(size: string, reads: ListRead[]): string[] {
  const cell = (read: PageRead) =>
    read.status === 200
      ? `${read.page} | ${read.shown} | ${read.rows} | ${read.indexEntries} | ${((read.rows + read.indexEntries) / Math.max(1, read.shown)).toFixed(1)}`
      : `${read.page} | HTTP ${read.status} | – | – | –`;
  return [
    `| ${size}: list, page size | first page | rows shown | rows read | index entries read | read ÷ shown | deepest page | rows shown | rows read | index entries read | read ÷ shown |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...reads.map((read) => `| ${read.name} | ${cell(read.first)} | ${cell(read.deep)} |`),
  ];
}
