/**
 * kill -9 during stock writes, on the embedded database and on PostgreSQL (issue 16): a server process
 * takes goods-in (into lots, named by code and expiry date), goods-out (first-expired-first-out, or
 * naming a lot), counts and loads of two orders onto a truck (`crash-loads.ts`) from several clients at
 * once and is killed in the middle, then started again on the same data, a few times over. Afterwards
 * every movement the server acknowledged (2xx) must be in the history with exactly its changes and lots,
 * a movement cut off by the kill must be there whole or not at all, every stock line must equal the sum
 * of its lots and of its history, every lot the sum of its history, and every order item's loaded pieces
 * the lots its loads took. Exits non-zero on any violation. `npm run check:crash`; CI runs it.
 *
 * Env: BENCH_POSTGRES_URL (a server URL allowed to create databases), CRASH_ROUNDS (default 2),
 * CRASH_CONCURRENCY (default 8), CRASH_DATABASES (default `pglite,postgres`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import pg from 'pg';
import { type CrashLoading, prepareCrashLoading } from './crash-loads.ts';
import { call, itemBody, signIn } from './harness/api.ts';
import { createDatabase } from './harness/database.ts';
import { checkLedger, describeLedger, type SqlReader } from './harness/ledger.ts';
import { deadline, finish, onCleanup, stopping } from './harness/process.ts';
import { type Server, startServer } from './harness/server.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 8);
const DATABASES = (process.env.CRASH_DATABASES ?? 'pglite,postgres').split(',');

type Kind = 'in' | 'out' | 'count';
type Lot = { code: string; expiryDate: string };
/** Pieces per line: into `lot` (or the undated lot), out of `lotId` (or first-expired-first-out), or counted. */
type Line = { id: number; quantity: number; lot?: Lot; lotId?: number };
type Sent = { notes: string; kind: Kind; lines: Line[]; status: number };

const today = istanbulDate(new Date());
/** The lots goods-in receives; the first three are on the lines before the writes start, with their ids. */
const LOTS: Lot[] = [10, 30, 60, 90].map((days, n) => ({
  code: `COKME-${String.fromCharCode(65 + n)}`,
  expiryDate: addDays(today, days),
}));

const HOT_WAREHOUSES = ['DEPO1', 'DEPO2'] as const;

const ENDPOINT: Record<Kind, string> = {
  in: 'stock-import-bulk',
  out: 'stock-export-bulk',
  count: 'stock-bulk',
};

function bodyOf({ kind, lines, notes }: Omit<Sent, 'status'>): object {
  if (kind === 'count') return { updatedStocks: lines.map((line) => ({ ...line, notes })) };
  const [quantityField, stockOperationType] =
    kind === 'in' ? ['importedQuantity', 'PRODUCTION_INBOUND'] : ['exportedQuantity', 'RETAIL_OUTBOUND'];
  return {
    stockChange: lines.map((line) => ({
      id: line.id,
      [quantityField]: line.quantity,
      stockOperationType,
      notes,
      lot: line.lot,
      lotId: line.lotId,
    })),
  };
}

async function send(server: Server, token: string, body: object, kind: Kind): Promise<number> {
  const response = await fetch(`${server.url}/api/product-item/${ENDPOINT[kind]}`, {
    method: 'PUT',
    headers: { 'auth-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The item of the run and its lines in DEPO1 and DEPO2 (HOT_WAREHOUSES). */
async function hotLinesOf(server: Server, token: string): Promise<{ itemId: number; lines: number[] }> {
  const response = await fetch(`${server.url}/api/product-item`, {
    method: 'POST',
    headers: { 'auth-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(itemBody('Çökme Denemesi Peyniri', 'COKME-1', '8690000099901')),
  });
  const json = (await response.json()) as {
    data?: { id: number; stocks: { id: number; wareHouse: { name: string } }[] };
  };
  if (!json.data) throw new Error(`item not created: ${response.status} ${JSON.stringify(json)}`);
  const lines = HOT_WAREHOUSES.map(
    (name) => json.data!.stocks.find((line) => line.wareHouse.name === name)!.id,
  );
  return { itemId: json.data.id, lines };
}

/** The first three lots received on both lines, 40 pieces each, and their ids by code (from the history). */
async function seedLots(server: Server, token: string, lines: number[]): Promise<Map<string, number>> {
  const seeded = LOTS.slice(0, 3).flatMap((lot) => lines.map((id) => ({ id, quantity: 40, lot })));
  const status = await send(server, token, bodyOf({ kind: 'in', lines: seeded, notes: 'tohum' }), 'in');
  if (status !== 200) throw new Error(`lots not received: ${status}`);
  const history = (await call(server, token, 'GET', `/api/product-item/stock-history?page=1&size=50`)).json
    .data as { entries: { lot: { id: number; code: string } | null }[] };
  const ids = new Map(
    history.entries.flatMap((row) => (row.lot ? [[row.lot.code, row.lot.id] as const] : [])),
  );
  if (ids.size !== 3) throw new Error(`seeded lots not found in the history: ${JSON.stringify(history)}`);
  return ids;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes from CONCURRENCY clients until the server is killed, between 0.8 and 1.6 s in. */
async function writeUntilKilled(
  server: Server,
  token: string,
  lines: number[],
  lotIds: number[],
  sent: Sent[],
  loading: CrashLoading,
): Promise<void> {
  let stop = false;
  const pick = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
  const writer = async () => {
    while (!stop) {
      // One write in eight is a load of an order onto the truck.
      if (Math.random() < 0.125) {
        await loading.send(server, token);
        continue;
      }
      const roll = Math.random();
      const kind: Kind = roll < 0.5 ? 'in' : roll < 0.9 ? 'out' : 'count';
      const request = {
        notes: `cokme-${sent.length}-${Math.random().toString(36).slice(2, 8)}`,
        kind,
        lines: lines
          .filter(() => Math.random() < 0.7)
          .map((id) => ({
            id,
            quantity: kind === 'count' ? pick(0, 60) : pick(1, 12),
            lot: kind === 'in' && Math.random() < 0.85 ? LOTS[pick(0, LOTS.length - 1)] : undefined,
            lotId: kind === 'out' && Math.random() < 0.4 ? lotIds[pick(0, lotIds.length - 1)] : undefined,
          })),
      };
      if (request.lines.length === 0) continue;
      const entry: Sent = { ...request, status: -1 };
      sent.push(entry);
      try {
        entry.status = await send(server, token, bodyOf(request), kind);
      } catch {
        entry.status = 0; // no answer: the process died with the request in flight
      }
    }
  };
  const writers = Array.from({ length: CONCURRENCY }, writer);
  await sleep(800 + Math.random() * 800);
  await server.crash();
  stop = true;
  await Promise.all(writers);
}

type HistoryRow = {
  id: number;
  notes: string;
  stock_line_id: number;
  lot_id: number;
  quantity_change: number;
  quantity_after_change: number;
};

/**
 * Whether `written` is the whole of the request: a goods-in one row per line into its lot (the undated
 * lot '' when it named none), a goods-out rows per line summing to its pieces (all from the lot it
 * named, if it named one), a count rows per line of which the last ends at the count (or none, when the
 * line already held it); no row on a line the request did not name.
 */
function isWhole(request: Sent, written: HistoryRow[], lotIdOf: (code: string) => number | undefined) {
  if (written.some((row) => !request.lines.some((line) => line.id === row.stock_line_id))) return false;
  return request.lines.every((line) => {
    const rows = written.filter((row) => row.stock_line_id === line.id).sort((a, b) => a.id - b.id);
    switch (request.kind) {
      case 'in':
        return (
          rows.length === 1 &&
          rows[0]!.quantity_change === line.quantity &&
          rows[0]!.lot_id === lotIdOf(line.lot?.code ?? '')
        );
      case 'out':
        return (
          rows.reduce((sum, row) => sum + row.quantity_change, 0) === -line.quantity &&
          (line.lotId === undefined || rows.every((row) => row.lot_id === line.lotId))
        );
      default:
        return rows.length === 0 || rows.at(-1)!.quantity_after_change === line.quantity;
    }
  });
}

/** What the history says about each request, against what its client was told. */
function checkRequests(
  sent: Sent[],
  rows: HistoryRow[],
  lotIdOf: (code: string) => number | undefined,
): string[] {
  const problems: string[] = [];
  const rowsOf = new Map<string, HistoryRow[]>();
  for (const row of rows) rowsOf.set(row.notes, [...(rowsOf.get(row.notes) ?? []), row]);
  for (const request of sent) {
    const written = rowsOf.get(request.notes) ?? [];
    const label = `${request.kind} ${request.notes} (answered ${request.status || 'nothing'})`;
    const whole = written.length > 0 && isWhole(request, written, lotIdOf);
    if (request.status >= 200 && request.status < 300) {
      if (!whole && !(request.kind === 'count' && written.length === 0))
        problems.push(`${label}: acknowledged, but the history holds ${written.length} rows of it`);
    } else if (request.status === 0) {
      if (written.length > 0 && !whole) problems.push(`${label}: cut off by the kill and written in part`);
    } else if (request.status === 409) {
      if (written.length > 0) problems.push(`${label}: refused, but wrote ${written.length} rows`);
    } else {
      problems.push(`${label}: unexpected answer`);
    }
  }
  return problems;
}

async function crashRun(kind: string): Promise<string[]> {
  const started = Date.now();
  let start: () => Promise<Server>;
  let openReader: () => Promise<{ reader: SqlReader; close(): Promise<void> }>;
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-crash-'));
    onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    start = () => startServer('embedded', '', { DATA_DIR: dataDir });
    openReader = async () => {
      // The embedded database opens after a kill -9 as the restarted server would find it.
      const database = new PGlite(path.join(dataDir, 'pglite'));
      await database.waitReady;
      return { reader: database as unknown as SqlReader, close: () => database.close() };
    };
  } else {
    const databaseUrl = await createDatabase('mandira_crash');
    start = () => startServer('postgres', databaseUrl);
    openReader = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return { reader: client, close: () => client.end() };
    };
  }

  let server = await start();
  let token = await signIn(server);
  const { itemId, lines } = await hotLinesOf(server, token);
  const lotIds = await seedLots(server, token, lines);
  const loading = await prepareCrashLoading(server, token, itemId, HOT_WAREHOUSES, [...lotIds.values()]);
  const sent: Sent[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = sent.length;
    await writeUntilKilled(server, token, lines, [...lotIds.values()], sent, loading);
    const thisRound = sent.slice(before);
    const acknowledged = thisRound.filter((request) => request.status === 200).length;
    const cutOff = thisRound.filter((request) => request.status === 0).length;
    console.log(
      `  ${kind} round ${round}: ${thisRound.length} requests, ${acknowledged} acknowledged, ${cutOff} cut off by kill -9 (pid ${server.pid})`,
    );
    server = await start();
    token = await signIn(server);
  }
  // The restarted server takes writes again.
  const after = {
    notes: 'cokme-sonra',
    kind: 'in' as const,
    lines: [{ id: lines[0]!, quantity: 1, lot: LOTS[0] }],
  };
  const status = await send(server, token, bodyOf(after), 'in');
  sent.push({ ...after, status });
  await server.crash();

  const { reader, close } = await openReader();
  const problems: string[] = [];
  try {
    const { rows } = await reader.query<HistoryRow>(
      `select id::int as id, notes, stock_line_id, lot_id, quantity_change, quantity_after_change
         from stock_history where notes like 'cokme-%'`,
    );
    const lotRows = await reader.query<{ id: number; code: string }>('select id, code from lots');
    const lotIdOf = (code: string) => lotRows.rows.find((lot) => lot.code === code)?.id;
    problems.push(...checkRequests(sent, rows, lotIdOf));
    if (status !== 200) problems.push(`the restarted server refused a goods-in: ${status}`);
    const acknowledged = sent.filter((request) => request.status === 200).length;
    if (acknowledged < ROUNDS)
      problems.push(`only ${acknowledged} writes were acknowledged: the check proved little`);
    const ledger = describeLedger(await checkLedger(reader));
    problems.push(...ledger.problems);
    const loads = await loading.check(reader);
    problems.push(...loads.problems);
    console.log(
      `  ${kind}: ${sent.length} requests, ${acknowledged} acknowledged and all present, ${rows.length} history rows; ${ledger.summary} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    console.log(`  ${kind} loads: ${loads.summary}`);
  } finally {
    await close();
  }
  return problems.map((problem) => `${kind}: ${problem}`);
}

async function main(): Promise<void> {
  // Inside CI's 240 s: an idle machine needs about 90 s, one loaded by other work up to three minutes.
  deadline(220, 'the crash check');
  const problems: string[] = [];
  for (const kind of DATABASES) {
    console.log(
      `\nkill -9 during stock writes on ${kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}`,
    );
    problems.push(...(await crashRun(kind)));
  }
  if (problems.length > 0) {
    console.error(`\nFAIL: ${problems.length} violations`);
    for (const problem of problems.slice(0, 30)) console.error(`  - ${problem}`);
    await finish(1);
  }
  console.log('\nOK: nothing acknowledged was lost, nothing was written in part, every ledger adds up');
  await finish(0);
}

main().catch(async (error) => {
  if (!stopping()) console.error(`FAIL: ${(error as Error).stack ?? error}`);
  await finish(1);
});
