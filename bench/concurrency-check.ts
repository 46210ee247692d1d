/**
 * Stock under concurrency, on PostgreSQL with two server processes (docs/domain/stock.md): hundreds of
 * goods-in (into lots), goods-out (first-expired-first-out, or naming one contested lot until its last
 * pieces are gone) and count requests on a few hot stock lines, spread over both processes; at the same
 * time loads of several orders race goods-outs for the last pieces of another lot (`load-race.ts`). Then
 * the ledger — lines, lots and history — and the race's lot are checked in SQL. Exits non-zero on any
 * violation. `npm run check:concurrency`; CI runs it.
 *
 * Env: BENCH_POSTGRES_URL (a server URL allowed to create databases), CHECK_REQUESTS (default 600),
 * CHECK_CONCURRENCY (default 40), CHECK_SEED.
 */
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import pg from 'pg';
import { type Answered, call, itemBody, sendAll, signIn } from './harness/api.ts';
import { checkAuditChain } from './harness/audit-chain.ts';
import { createDatabaseWithRoles } from './harness/database.ts';
import { checkLedger, describeLedger } from './harness/ledger.ts';
import { deadline, runCheck, verdict } from './harness/process.ts';
import { type Server, startServer } from './harness/server.ts';
import { seededRandom } from './harness/stats.ts';
import { checkLoadRace, planLoadRace, prepareLoadRace, type RaceOutcome, sendRace } from './load-race.ts';

const TOTAL = Number(process.env.CHECK_REQUESTS ?? 600);
const CONCURRENCY = Number(process.env.CHECK_CONCURRENCY ?? 40);
const SEED = Number(process.env.CHECK_SEED ?? Date.now() % 1_000_000);

type Kind = 'in' | 'out' | 'count';
type Planned = {
  index: number;
  kind: Kind;
  server: Server;
  notes: string;
  /**
   * Pieces per line: added (in, into `lot` or the undated lot), taken (out, from `lotId` — the one
   * contested lot — or first-expired-first-out) or counted (count).
   */
  lines: { id: number; quantity: number; lot?: { code: string; expiryDate: string }; lotId?: number }[];
};
type Outcome = Answered<Planned>;

const ENDPOINT: Record<Kind, string> = {
  in: 'stock-import-bulk',
  out: 'stock-export-bulk',
  count: 'stock-bulk',
};

function bodyOf(request: Planned): object {
  switch (request.kind) {
    case 'in':
      return {
        stockChange: request.lines.map((line) => ({
          id: line.id,
          importedQuantity: line.quantity,
          stockOperationType: 'PRODUCTION_INBOUND',
          notes: request.notes,
          lot: line.lot,
        })),
      };
    case 'out':
      return {
        stockChange: request.lines.map((line) => ({
          id: line.id,
          exportedQuantity: line.quantity,
          stockOperationType: 'RETAIL_OUTBOUND',
          notes: request.notes,
          lotId: line.lotId,
        })),
      };
    case 'count':
      return {
        updatedStocks: request.lines.map((line) => ({
          id: line.id,
          quantity: line.quantity,
          notes: request.notes,
        })),
      };
  }
}

async function main(): Promise<void> {
  deadline(110, 'the concurrency check');
  const started = Date.now();
  // As the README sets up production: a migration role owns and migrates the tables, the servers run as
  // a role that may only append to the audit trail (decision 150); the trail's chain is checked at the end.
  const { adminUrl: databaseUrl, serverUrl } = await createDatabaseWithRoles('mandira_concurrency');
  // One after the other: the first migrates and creates the admin, the second finds both done.
  const a = await startServer('A', serverUrl);
  const b = await startServer('B', serverUrl);
  const token = await signIn(a);
  console.log(
    `servers A (pid ${a.pid}) ${a.url} and B (pid ${b.pid}) ${b.url} on ${new URL(databaseUrl).pathname.slice(1)}`,
  );

  // Two items, each with a line in DEPO1 and DEPO2: four hot lines.
  const hotLines: number[] = [];
  for (const n of [1, 2]) {
    const created = await call(
      a,
      token,
      'POST',
      '/api/product-item',
      itemBody(`Eşzamanlılık Peyniri ${n}`, `ES-${n}`, `86900000900${n}`, 1000),
    );
    if (created.status !== 200) throw new Error(`item not created: ${JSON.stringify(created.json)}`);
    const item = created.json.data as { stocks: { id: number; wareHouse: { name: string } }[] };
    for (const warehouse of ['DEPO1', 'DEPO2']) {
      hotLines.push(item.stocks.find((line) => line.wareHouse.name === warehouse)!.id);
    }
  }

  // The contested lot: 30 pieces of the first item in DEPO1, which goods-outs name until it is empty,
  // racing first-expired-first-out goods-outs that reach it once the earlier lot is gone.
  const contestedLine = hotLines[0]!;
  const today = istanbulDate(new Date());
  const contested = { code: 'ES-SON', expiryDate: addDays(today, 20) };
  const seeded = await call(a, token, 'PUT', '/api/product-item/stock-import', {
    id: contestedLine,
    importedQuantity: 30,
    stockOperationType: 'PRODUCTION_INBOUND',
    notes: 'parti-tohum',
    lot: contested,
  });
  if (seeded.status !== 200) throw new Error(`contested lot not received: ${JSON.stringify(seeded.json)}`);
  const lotReader = new pg.Client({ connectionString: databaseUrl });
  await lotReader.connect();
  const contestedLotId = (await lotReader.query<{ id: number }>("select id from lots where code = 'ES-SON'"))
    .rows[0]!.id;
  await lotReader.end();
  const lotCodes = [
    { code: 'ES-A', expiryDate: addDays(today, 10) },
    { code: 'ES-B', expiryDate: addDays(today, 40) },
    undefined,
  ];

  const race = await prepareLoadRace(a, token);

  const next = seededRandom(SEED);
  const racePlan = planLoadRace(race, [a, b], next);
  const pick = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const someLines = (most: number) =>
    [...hotLines].sort(() => next() - 0.5).slice(0, pick(1, Math.min(most, hotLines.length)));
  const plan: Planned[] = Array.from({ length: TOTAL }, (_, index) => {
    const roll = next();
    const kind: Kind = roll < 0.45 ? 'in' : roll < 0.9 ? 'out' : 'count';
    const lines = someLines(kind === 'count' ? 2 : 3).map((id) => ({
      id,
      quantity: kind === 'in' ? pick(1, 10) : kind === 'out' ? pick(1, 14) : pick(0, 40),
      lot: kind === 'in' ? lotCodes[pick(0, lotCodes.length - 1)] : undefined,
      lotId: kind === 'out' && id === contestedLine && next() < 0.5 ? contestedLotId : undefined,
    }));
    return { index, kind, server: index % 2 === 0 ? a : b, notes: `eszamanli-${index}`, lines };
  });

  console.log(
    `${TOTAL} requests (goods-in, goods-out, counts) on ${hotLines.length} hot lines ${hotLines.join(', ')}, ` +
      `${CONCURRENCY} at a time over both servers (seed ${SEED})`,
  );
  console.log(
    `${racePlan.length} loads of ${race.orders.length} orders and goods-outs racing for the last pieces of one lot, alongside`,
  );
  const runStarted = Date.now();
  // The lot race runs inside the stock run, a few at a time, so both contend for the servers and the database.
  const [outcomes, raceOutcomes]: [Outcome[], RaceOutcome[]] = await Promise.all([
    sendAll(plan, CONCURRENCY, (request) =>
      call(request.server, token, 'PUT', `/api/product-item/${ENDPOINT[request.kind]}`, bodyOf(request)),
    ),
    sendAll(racePlan, 8, (request) => sendRace(race, token, request)),
  ]);
  const runSeconds = (Date.now() - runStarted) / 1000;

  const problems: string[] = [];
  const ok = outcomes.filter((outcome) => outcome.status === 200);
  const refused = outcomes.filter((outcome) => outcome.status === 409);
  for (const outcome of outcomes) {
    if (outcome.status === 200) continue;
    if (outcome.status === 409 && outcome.kind === 'out' && outcome.code === 'INSUFFICIENT_STOCK') continue;
    problems.push(
      `request ${outcome.index} (${outcome.kind} on ${outcome.server.name}): ${outcome.status} ${outcome.code ?? ''} ${outcome.message ?? ''}`,
    );
  }

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const history = await db.query<{
      notes: string;
      stock_line_id: number;
      quantity_change: number;
      quantity_after_change: number;
    }>(
      `select notes, stock_line_id, quantity_change, quantity_after_change from stock_history
        where notes like 'eszamanli-%' order by id`,
    );
    const rowsOf = new Map<string, typeof history.rows>();
    for (const row of history.rows) {
      const rows = rowsOf.get(row.notes) ?? [];
      rows.push(row);
      rowsOf.set(row.notes, rows);
    }
    let expectedRows = 0;
    for (const outcome of outcomes) {
      const rows = rowsOf.get(outcome.notes) ?? [];
      const label = `request ${outcome.index} (${outcome.kind}, ${outcome.status})`;
      if (outcome.status !== 200) {
        if (rows.length > 0) problems.push(`${label} was refused but wrote ${rows.length} history rows`);
        continue;
      }
      if (outcome.kind === 'count') {
        // A count that finds the line already right changes nothing and writes no row; one that takes
        // pieces first-expired-first-out writes a row per lot, the last one ending at the count.
        expectedRows += rows.length;
        for (const line of outcome.lines) {
          const last = rows.filter((row) => row.stock_line_id === line.id).at(-1);
          if (last && last.quantity_after_change !== line.quantity) {
            problems.push(`${label}: line ${line.id} counted to ${last.quantity_after_change}`);
          }
        }
        continue;
      }
      // A goods-out taken first-expired-first-out writes one row per lot it took from.
      expectedRows += rows.length;
      const sign = outcome.kind === 'in' ? 1 : -1;
      const written = outcome.lines.every(
        (line) =>
          rows
            .filter((row) => row.stock_line_id === line.id)
            .reduce((sum, row) => sum + row.quantity_change, 0) ===
          sign * line.quantity,
      );
      if (!written || rows.some((row) => !outcome.lines.some((line) => line.id === row.stock_line_id))) {
        problems.push(
          `${label} asked for ${outcome.lines.length} line changes, history does not sum to them`,
        );
      }
    }
    if (history.rows.length !== expectedRows) {
      problems.push(
        `history rows of the run: ${history.rows.length}, expected from the answers: ${expectedRows}`,
      );
    }

    const ledger = describeLedger(await checkLedger(db));
    problems.push(...ledger.problems);
    const lotRace = await checkLoadRace(db, race, raceOutcomes);
    problems.push(...lotRace.problems);
    const lines = await db.query<{ id: number; quantity: number }>(
      'select id, quantity from stock_lines where id = any($1) order by id',
      [hotLines],
    );

    const byKind = (kind: Kind, list: Outcome[]) => list.filter((outcome) => outcome.kind === kind).length;
    const byServer = (server: Server) => outcomes.filter((outcome) => outcome.server === server).length;
    if (refused.length === 0)
      problems.push('no goods-out was refused: the workload never reached zero stock');
    for (const kind of ['in', 'out', 'count'] as const) {
      if (byKind(kind, ok) === 0) problems.push(`no successful ${kind} request`);
    }

    console.log(`\nstock concurrency check (${runSeconds.toFixed(1)} s for the requests)`);
    console.log(`  requests          ${outcomes.length}: A ${byServer(a)}, B ${byServer(b)}`);
    console.log(
      `  succeeded         ${ok.length}: goods-in ${byKind('in', ok)}, goods-out ${byKind('out', ok)}, counts ${byKind('count', ok)}`,
    );
    console.log(`  refused (409)     ${refused.length} goods-out beyond the stock on hand (expected)`);
    console.log(
      `  history rows      ${history.rows.length} written, ${expectedRows} expected from the answers`,
    );
    console.log(`  hot lines now     ${lines.rows.map((line) => `${line.id}=${line.quantity}`).join(', ')}`);
    for (const line of lotRace.report) console.log(line);
    console.log(`  ledger            ${ledger.summary}`);
  } finally {
    await db.end();
  }
  const chain = await checkAuditChain(serverUrl);
  problems.push(...chain.problems);
  console.log(`  audit chain       ${chain.summary}`);

  await verdict(problems, started);
}

runCheck(main);
