/**
 * kill -9 during stock writes, on the embedded database and on PostgreSQL (issue 16): a server process
 * takes goods-in, goods-out and counts from several clients at once and is killed in the middle, then
 * started again on the same data, a few times over. Afterwards every movement the server acknowledged
 * (2xx) must be in the history with exactly its changes, a movement cut off by the kill must be there
 * whole or not at all, and every stock line must equal the sum of its history. Exits non-zero on any
 * violation. `npm run check:crash`; CI runs it.
 *
 * Env: BENCH_POSTGRES_URL (a server URL allowed to create databases), CRASH_ROUNDS (default 2),
 * CRASH_CONCURRENCY (default 8), CRASH_DATABASES (default `pglite,postgres`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { itemBody, signIn } from './harness/api.ts';
import { createDatabase } from './harness/database.ts';
import { checkLedger, describeLedger, type SqlReader } from './harness/ledger.ts';
import { deadline, finish, onCleanup, stopping } from './harness/process.ts';
import { type Server, startServer } from './harness/server.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 8);
const DATABASES = (process.env.CRASH_DATABASES ?? 'pglite,postgres').split(',');

type Kind = 'in' | 'out' | 'count';
type Sent = { notes: string; kind: Kind; lines: { id: number; quantity: number }[]; status: number };

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

async function hotLinesOf(server: Server, token: string): Promise<number[]> {
  const response = await fetch(`${server.url}/api/product-item`, {
    method: 'POST',
    headers: { 'auth-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(itemBody('Çökme Denemesi Peyniri', 'COKME-1', '8690000099901')),
  });
  const json = (await response.json()) as {
    data?: { stocks: { id: number; wareHouse: { name: string } }[] };
  };
  if (!json.data) throw new Error(`item not created: ${response.status} ${JSON.stringify(json)}`);
  return ['DEPO1', 'DEPO2'].map((name) => json.data!.stocks.find((line) => line.wareHouse.name === name)!.id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes from CONCURRENCY clients until the server is killed, between 0.8 and 1.6 s in. */
async function writeUntilKilled(server: Server, token: string, lines: number[], sent: Sent[]): Promise<void> {
  let stop = false;
  const pick = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
  const writer = async () => {
    while (!stop) {
      const roll = Math.random();
      const kind: Kind = roll < 0.5 ? 'in' : roll < 0.9 ? 'out' : 'count';
      const request = {
        notes: `cokme-${sent.length}-${Math.random().toString(36).slice(2, 8)}`,
        kind,
        lines: lines
          .filter(() => Math.random() < 0.7)
          .map((id) => ({ id, quantity: kind === 'count' ? pick(0, 60) : pick(1, 12) })),
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
  notes: string;
  stock_line_id: number;
  quantity_change: number;
  quantity_after_change: number;
};

/** What the history says about each request, against what its client was told. */
function checkRequests(sent: Sent[], rows: HistoryRow[]): string[] {
  const problems: string[] = [];
  const rowsOf = new Map<string, HistoryRow[]>();
  for (const row of rows) rowsOf.set(row.notes, [...(rowsOf.get(row.notes) ?? []), row]);
  for (const request of sent) {
    const written = rowsOf.get(request.notes) ?? [];
    const label = `${request.kind} ${request.notes} (answered ${request.status || 'nothing'})`;
    const whole =
      request.kind === 'count'
        ? written.every((row) =>
            request.lines.some((l) => l.id === row.stock_line_id && l.quantity === row.quantity_after_change),
          ) && written.length <= request.lines.length
        : written.length === request.lines.length &&
          request.lines.every((line) =>
            written.some(
              (row) =>
                row.stock_line_id === line.id &&
                row.quantity_change === (request.kind === 'in' ? line.quantity : -line.quantity),
            ),
          );
    if (request.status >= 200 && request.status < 300) {
      if (!whole) problems.push(`${label}: acknowledged, but the history holds ${written.length} rows of it`);
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
  const lines = await hotLinesOf(server, token);
  const sent: Sent[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = sent.length;
    await writeUntilKilled(server, token, lines, sent);
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
  const after = { notes: 'cokme-sonra', kind: 'in' as const, lines: [{ id: lines[0]!, quantity: 1 }] };
  const status = await send(server, token, bodyOf(after), 'in');
  sent.push({ ...after, status });
  await server.crash();

  const { reader, close } = await openReader();
  const problems: string[] = [];
  try {
    const { rows } = await reader.query<HistoryRow>(
      `select notes, stock_line_id, quantity_change, quantity_after_change from stock_history where notes like 'cokme-%'`,
    );
    problems.push(...checkRequests(sent, rows));
    if (status !== 200) problems.push(`the restarted server refused a goods-in: ${status}`);
    const acknowledged = sent.filter((request) => request.status === 200).length;
    if (acknowledged < ROUNDS)
      problems.push(`only ${acknowledged} writes were acknowledged: the check proved little`);
    const ledger = describeLedger(await checkLedger(reader));
    problems.push(...ledger.problems);
    console.log(
      `  ${kind}: ${sent.length} requests, ${acknowledged} acknowledged and all present, ${rows.length} history rows; ${ledger.summary} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } finally {
    await close();
  }
  return problems.map((problem) => `${kind}: ${problem}`);
}

async function main(): Promise<void> {
  deadline(170, 'the crash check');
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
