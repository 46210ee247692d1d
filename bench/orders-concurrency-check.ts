/**
 * Baskets under concurrency, on PostgreSQL with two server processes
 * (docs/domain/products-and-reservations.md): a few hundred basket adds from several buyers race for the last
 * boxes of two products that share an item, spread over both processes; then, in SQL, no item is promised
 * beyond what is on hand, every accepted add is in its basket (and no refused one), and the reservation
 * counters equal the sums they keep. Exits non-zero on any violation. `npm run check:orders-concurrency`.
 *
 * Env: BENCH_POSTGRES_URL (a server URL allowed to create databases), CHECK_REQUESTS (default 300),
 * CHECK_CONCURRENCY (default 40), CHECK_SEED.
 */
import { RESERVING_ITEM_STATUSES } from '@mandira/contract/order-machines';
import pg from 'pg';
import { type Answered, call, dataOf, itemBody, sendAll, signIn } from './harness/api.ts';
import { checkAuditChain } from './harness/audit-chain.ts';
import { createDatabaseWithRoles } from './harness/database.ts';
import { deadline, runCheck, verdict } from './harness/process.ts';
import { type Server, startServer } from './harness/server.ts';
import { seededRandom } from './harness/stats.ts';

/** The item statuses that hold a reservation, as an SQL list (docs/domain/products-and-reservations.md). */
const RESERVING = RESERVING_ITEM_STATUSES.map((status) => `'${status}'`).join(', ');

const TOTAL = Number(process.env.CHECK_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.CHECK_CONCURRENCY ?? 40);
const SEED = Number(process.env.CHECK_SEED ?? Date.now() % 1_000_000);
/** Pieces of the shared item: enough for some adds, far too few for all of them. */
const SHARED_PIECES = 240;
const BUYERS = 8;

type Planned = { index: number; server: Server; buyerId: number; productId: number; boxQuantity: number };
type Outcome = Answered<Planned>;

async function main(): Promise<void> {
  deadline(110, 'the order concurrency check');
  const started = Date.now();
  // As the README sets up production: a migration role owns and migrates the tables, the servers run as
  // a role that may only append to the audit trail (decision 150); the trail's chain is checked at the end.
  const { adminUrl: databaseUrl, serverUrl } = await createDatabaseWithRoles('mandira_orders_concurrency');
  const a = await startServer('A', serverUrl);
  const b = await startServer('B', serverUrl);
  const token = await signIn(a);
  console.log(`servers A (pid ${a.pid}) and B (pid ${b.pid}) on ${new URL(databaseUrl).pathname.slice(1)}`);

  // One shared item, short; each product has a plentiful item of its own beside it.
  const item = (n: number) =>
    dataOf<{ id: number; stocks: { id: number; wareHouse: { name: string } }[] }>(
      call(a, token, 'POST', '/api/product-item', itemBody(`Yarış Ürünü ${n}`, `YR-${n}`, `86900007700${n}`)),
      'item',
    );
  const [shared, own1, own2] = [await item(1), await item(2), await item(3)];
  const lineOf = (one: typeof shared, warehouse: string) =>
    one.stocks.find((line) => line.wareHouse.name === warehouse)!.id;
  await dataOf(
    call(a, token, 'PUT', '/api/product-item/stock-import-bulk', {
      stockChange: [
        // The shared item's pieces lie in two warehouses: availability counts them all.
        {
          id: lineOf(shared, 'DEPO1'),
          importedQuantity: SHARED_PIECES / 2,
          stockOperationType: 'PRODUCTION_INBOUND',
        },
        {
          id: lineOf(shared, 'DEPO2'),
          importedQuantity: SHARED_PIECES / 2,
          stockOperationType: 'PRODUCTION_INBOUND',
        },
        { id: lineOf(own1, 'DEPO1'), importedQuantity: 100_000, stockOperationType: 'PRODUCTION_INBOUND' },
        { id: lineOf(own2, 'DEPO1'), importedQuantity: 100_000, stockOperationType: 'PRODUCTION_INBOUND' },
      ],
    }),
    'stock',
  );
  const product = (name: string, ownId: number, sharedQuantity: number) =>
    dataOf<{ id: number }>(
      call(a, token, 'POST', '/api/products', {
        name,
        quantityInsideBox: 4,
        price: 25,
        productBundle: [
          { productItemId: shared.id, quantity: sharedQuantity },
          { productItemId: ownId, quantity: 1 },
        ],
      }),
      'product',
    );
  const single = await product('Tekli Paket', own1.id, 1);
  const double = await product('Çiftli Paket', own2.id, 2);
  const buyers: number[] = [];
  for (let n = 1; n <= BUYERS; n++) {
    const buyer = await dataOf<{ id: number }>(
      call(a, token, 'POST', '/api/buyers', { code: `YARIS-${n}`, title: `Yarış Market ${n}` }),
      'buyer',
    );
    buyers.push(buyer.id);
  }

  const next = seededRandom(SEED);
  const pick = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const plan: Planned[] = Array.from({ length: TOTAL }, (_, index) => ({
    index,
    server: index % 2 === 0 ? a : b,
    buyerId: buyers[pick(0, buyers.length - 1)]!,
    productId: next() < 0.5 ? single.id : double.id,
    boxQuantity: pick(1, 3),
  }));
  console.log(
    `${TOTAL} basket adds by ${BUYERS} buyers for two products sharing an item of ${SHARED_PIECES} pieces, ` +
      `${CONCURRENCY} at a time over both servers (seed ${SEED})`,
  );

  const runStarted = Date.now();
  const outcomes: Outcome[] = await sendAll(plan, CONCURRENCY, ({ server, index: _index, ...body }) =>
    call(server, token, 'POST', '/api/admin/baskets', body),
  );
  const runSeconds = (Date.now() - runStarted) / 1000;

  const problems: string[] = [];
  const accepted = outcomes.filter((outcome) => outcome.status === 200);
  const refused = outcomes.filter(
    (outcome) => outcome.status === 409 && outcome.code === 'INSUFFICIENT_STOCK',
  );
  for (const outcome of outcomes) {
    if (outcome.status === 200 || (outcome.status === 409 && outcome.code === 'INSUFFICIENT_STOCK')) continue;
    problems.push(
      `add ${outcome.index} on ${outcome.server.name}: ${outcome.status} ${outcome.code ?? ''} ${outcome.message ?? ''}`,
    );
  }

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Reserved pieces of every item (baskets and open order items, through each product's bundle) against
    // what is on hand over every warehouse.
    const items = await db.query<{ id: number; name: string; on_hand: number; reserved: number }>(`
      select i.id, i.name,
             coalesce((select sum(l.quantity) from stock_lines l where l.product_item_id = i.id), 0)::int as on_hand,
             coalesce((select sum(bl.quantity * pb.quantity) from basket_lines bl
                         join product_bundles pb on pb.product_id = bl.product_id
                        where pb.product_item_id = i.id), 0)::int
           + coalesce((select sum((oi.quantity - oi.loaded_quantity) * pb.quantity) from order_items oi
                         join bundle_snapshot_lines pb on pb.snapshot_id = oi.bundle_snapshot_id
                        where pb.product_item_id = i.id
                          and oi.status in (${RESERVING})), 0)::int as reserved
        from product_items i order by i.id`);
    for (const row of items.rows) {
      if (row.reserved > row.on_hand) {
        problems.push(`item ${row.name}: ${row.reserved} pieces promised, ${row.on_hand} on hand`);
      }
    }

    // Every accepted add is in its basket, and nothing else is: per buyer and product, the line holds
    // exactly the boxes of the accepted adds.
    const lines = await db.query<{
      buyer_id: number;
      product_id: number;
      box_quantity: number;
      quantity: number;
    }>(
      'select k.buyer_id, l.product_id, l.box_quantity, l.quantity from basket_lines l join baskets k on k.id = l.basket_id',
    );
    const key = (buyerId: number, productId: number) => `${buyerId}/${productId}`;
    const expected = new Map<string, number>();
    for (const outcome of accepted) {
      const k = key(outcome.buyerId, outcome.productId);
      expected.set(k, (expected.get(k) ?? 0) + outcome.boxQuantity);
    }
    const found = new Map(lines.rows.map((line) => [key(line.buyer_id, line.product_id), line]));
    for (const k of new Set([...expected.keys(), ...found.keys()])) {
      const boxes = found.get(k)?.box_quantity ?? 0;
      if (boxes !== (expected.get(k) ?? 0)) {
        problems.push(`basket ${k}: ${boxes} boxes, accepted adds sum to ${expected.get(k) ?? 0}`);
      }
      const line = found.get(k);
      if (line && line.quantity !== line.box_quantity * 4)
        problems.push(`basket ${k}: ${line.quantity} pieces`);
    }

    // The kept counters (decision 65) equal the sums they stand for.
    const drift = await db.query<{ product_id: number; kept: string; summed: string }>(`
      select p.id as product_id,
             coalesce(r.basket_pieces, 0) || '/' || coalesce(r.order_pieces, 0) as kept,
             coalesce((select sum(bl.quantity) from basket_lines bl where bl.product_id = p.id), 0) || '/' ||
             coalesce((select sum(oi.quantity - oi.loaded_quantity) from order_items oi
                        where oi.product_id = p.id
                          and oi.status in (${RESERVING})), 0) as summed
        from products p left join product_reservations r on r.product_id = p.id`);
    for (const row of drift.rows) {
      if (row.kept !== row.summed) {
        problems.push(
          `product ${row.product_id}: counters ${row.kept}, sums ${row.summed} (basket/order pieces)`,
        );
      }
    }

    if (refused.length === 0) problems.push('no add was refused: the workload never reached the last boxes');
    for (const productId of [single.id, double.id]) {
      if (!accepted.some((outcome) => outcome.productId === productId)) {
        problems.push(`no add of product ${productId} succeeded`);
      }
    }
    const sharedRow = items.rows.find((row) => row.id === shared.id)!;
    const byServer = (server: Server) => outcomes.filter((outcome) => outcome.server === server).length;
    console.log(`\norder concurrency check (${runSeconds.toFixed(1)} s for the requests)`);
    console.log(`  adds              ${outcomes.length}: A ${byServer(a)}, B ${byServer(b)}`);
    console.log(`  accepted          ${accepted.length}`);
    console.log(`  refused (409)     ${refused.length} beyond the free pieces (expected)`);
    console.log(`  shared item       ${sharedRow.reserved} of ${sharedRow.on_hand} pieces promised`);
    console.log(`  basket lines      ${lines.rows.length}, each the sum of its accepted adds`);
    console.log(`  counters          ${drift.rows.length} products, each equal to its sums`);
  } finally {
    await db.end();
  }
  const chain = await checkAuditChain(serverUrl);
  problems.push(...chain.problems);
  console.log(`  audit chain       ${chain.summary}`);

  await verdict(problems, started);
}

runCheck(main);
