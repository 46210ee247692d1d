/**
 * `npm run bench:pdf`: another user's simple call while statement PDFs are drawn (decision 98). One
 * server process on a fresh PostgreSQL database, started in turn on the same data: with
 * `PDF_WORKERS=0` (documents drawn on the thread that answers every request, as before), with the
 * default render workers, and with one worker per core. Each run keeps PDF_IN_FLIGHT statement PDFs of one buyer in flight
 * (PDF_LINES lines, several pages each) while a second session asks for another buyer's account
 * summary one call at a time, and reports that call's latency. Exits non-zero when, with the workers,
 * its p95 is not under 250 ms.
 *
 * Env: BENCH_POSTGRES_URL, PDF_IN_FLIGHT (20), PDF_LINES (300), PDF_BENCH_SECONDS (15).
 */
import os from 'node:os';
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import pg from 'pg';
import { call, itemBody, signIn } from './harness/api.ts';
import { createDatabase } from './harness/database.ts';
import { deadline, finish, runCheck } from './harness/process.ts';
import { type Server, startServer } from './harness/server.ts';
import { percentile } from './harness/stats.ts';

const IN_FLIGHT = Number(process.env.PDF_IN_FLIGHT ?? 20);
const LINES = Number(process.env.PDF_LINES ?? 300);
const SECONDS = Number(process.env.PDF_BENCH_SECONDS ?? 15);
const TARGET_P95_MS = 250;
/** The simple caller's pause between calls: a person clicking, not a load generator. */
const PAUSE_MS = 25;

const log = (text: string) => console.log(`[bench:pdf] ${text}`);

async function created<T>(answer: ReturnType<typeof call>, what: string): Promise<T> {
  const { status, json } = await answer;
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(json)}`);
  return json.data as T;
}

/** Two buyers: one with an order and LINES − 1 payments on it (the statement), one to ask about. */
async function seed(server: Server, databaseUrl: string): Promise<{ printed: number; asked: number }> {
  const token = await signIn(server);
  const item = await created<{ id: number; stocks: { id: number; wareHouse: { name: string } }[] }>(
    call(server, token, 'POST', '/api/product-item', itemBody('Ekstre Peyniri', 'EKS-1', '8690000990001')),
    'item',
  );
  const line = item.stocks.find((stock) => stock.wareHouse.name === 'DEPO1')!.id;
  await created(
    call(server, token, 'PUT', '/api/product-item/stock-import-bulk', {
      stockChange: [{ id: line, importedQuantity: 10_000, stockOperationType: 'PRODUCTION_INBOUND' }],
    }),
    'stock',
  );
  const product = await created<{ id: number }>(
    call(server, token, 'POST', '/api/products', {
      name: 'Ekstre Paketi',
      quantityInsideBox: 4,
      price: 250,
      productBundle: [{ productItemId: item.id, quantity: 1 }],
    }),
    'product',
  );
  const buyer = (n: number) =>
    created<{ id: number }>(
      call(server, token, 'POST', '/api/buyers', { code: `EKSTRE-${n}`, title: `Çağlayan Şarküteri ${n}` }),
      'buyer',
    );
  const [printed, asked] = [await buyer(1), await buyer(2)];
  for (const buyerId of [printed.id, asked.id]) {
    await created(
      call(server, token, 'POST', '/api/admin/baskets', { buyerId, productId: product.id, boxQuantity: 50 }),
      'basket',
    );
    // An order needs its planned shipment day, as on the order screen.
    const plannedShipmentDate = addDays(istanbulDate(new Date()), 2);
    await created(
      call(server, token, 'POST', '/api/admin/baskets/apply-to-order', { buyerId, plannedShipmentDate }),
      'order',
    );
  }
  // The payments go straight in: the statement is what is measured, not how it came about.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into accounting_transactions (buyer_id, order_id, reason, pay_type, amount, logo_invoice_id, created_at)
       select $1, o.id, 'ORDER_PAYMENT', case when n % 3 = 0 then 'BANK_TRANSFER' else 'CASH' end,
              10 + n % 7, 'LG-' || n, now() - make_interval(hours => $2 - n)
         from orders o, generate_series(1, $2 - 1) n
        where o.buyer_id = $1`,
      [printed.id, LINES],
    );
  } finally {
    await db.end();
  }
  return { printed: printed.id, asked: asked.id };
}

type Run = {
  mode: string;
  simple: number[];
  simpleFailed: number;
  pdfs: number[];
  refused: number;
  pdfBytes: number;
  seconds: number;
};

async function measure(
  server: Server,
  mode: string,
  buyers: { printed: number; asked: number },
): Promise<Run> {
  const printer = await signIn(server);
  const other = await signIn(server);
  const pdf = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/accounting/statement.pdf?buyerId=${buyers.printed}`, {
      headers: { 'auth-token': printer },
    });
    const body = await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started, bytes: body.byteLength };
  };
  const summary = async () => {
    const started = performance.now();
    const { status } = await call(server, other, 'GET', `/api/accounting/summary?buyerId=${buyers.asked}`);
    return { status, ms: performance.now() - started };
  };
  // Warm-up: the worker (if any) started, the statements planned, the sessions cached.
  const first = await pdf();
  if (first.status !== 200) throw new Error(`statement PDF: ${first.status}`);
  for (let n = 0; n < 5; n++) await summary();

  const run: Run = {
    mode,
    simple: [],
    simpleFailed: 0,
    pdfs: [],
    refused: 0,
    pdfBytes: first.bytes,
    seconds: 0,
  };
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const printing = Array.from({ length: IN_FLIGHT }, async () => {
    while (performance.now() < until) {
      const answer = await pdf();
      if (answer.status === 200) run.pdfs.push(answer.ms);
      else if (answer.status === 503) run.refused++;
      else throw new Error(`statement PDF: ${answer.status}`);
    }
  });
  const asking = (async () => {
    // Once every PDF request is under way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (performance.now() < until) {
      const answer = await summary();
      if (answer.status === 200) run.simple.push(answer.ms);
      else run.simpleFailed++;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  })();
  await Promise.all([...printing, asking]);
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

const ms = (value: number) => `${Math.round(value)} ms`;

function report(runs: Run[]): void {
  console.log(
    `\n| PDFs drawn | summary calls | p50 | p95 | max | PDFs answered | PDFs/s | PDF p50 | PDF p95 | 503 |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const run of runs) {
    const simple = [...run.simple].sort((a, b) => a - b);
    const pdfs = [...run.pdfs].sort((a, b) => a - b);
    console.log(
      `| ${run.mode} | ${simple.length}${run.simpleFailed ? ` (+${run.simpleFailed} failed)` : ''} | ` +
        `${ms(percentile(simple, 50))} | ${ms(percentile(simple, 95))} | ${ms(simple.at(-1) ?? Number.NaN)} | ` +
        `${pdfs.length} | ${(pdfs.length / run.seconds).toFixed(1)} | ${ms(percentile(pdfs, 50))} | ` +
        `${ms(percentile(pdfs, 95))} | ${run.refused} |`,
    );
  }
}

runCheck(async () => {
  deadline(90 + 5 * SECONDS, 'the PDF benchmark');
  const databaseUrl = await createDatabase('mandira_pdf_bench');
  const cores = os.availableParallelism();
  log(
    `${cores} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}; ${IN_FLIGHT} PDFs in flight, ${SECONDS} s each`,
  );

  // The same data, one server at a time: before decision 98, its default, and one worker per core.
  const defaultWorkers = Math.max(1, cores - 1);
  const modes: { mode: string; env: Record<string, string> }[] = [
    { mode: 'on the event loop (`PDF_WORKERS=0`)', env: { PDF_WORKERS: '0' } },
    { mode: `render workers (default: ${defaultWorkers})`, env: {} },
    ...(cores > defaultWorkers
      ? [
          {
            mode: `render workers, one per core (\`PDF_WORKERS=${cores}\`)`,
            env: { PDF_WORKERS: String(cores) },
          },
        ]
      : []),
  ];
  let buyers: { printed: number; asked: number } | undefined;
  const runs: Run[] = [];
  for (const [index, { mode, env }] of modes.entries()) {
    const server = await startServer(`pdf-${index}`, databaseUrl, env);
    buyers ??= await seed(server, databaseUrl);
    runs.push(await measure(server, mode, buyers));
    await server.crash();
  }
  log(`statement PDF of ${LINES} lines: ${Math.round(runs[0]!.pdfBytes / 1024)} KB`);
  report(runs);

  const p95 = percentile(
    [...runs[1]!.simple].sort((a, b) => a - b),
    95,
  );
  if (!(p95 < TARGET_P95_MS) || runs[1]!.simpleFailed > 0) {
    console.error(
      `\nFAIL: with render workers the summary call's p95 is ${ms(p95)} (target < ${TARGET_P95_MS} ms)`,
    );
    await finish(1);
  }
  console.log(
    `\nOK: with render workers the summary call's p95 is ${ms(p95)} (target < ${TARGET_P95_MS} ms)`,
  );
  await finish(0);
});
