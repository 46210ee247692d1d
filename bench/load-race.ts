/**
 * The concurrency check's race for one lot (docs/domain/lots.md, "Invariants"): the last pieces of one
 * dated lot in Depo-1, all promised to a few orders in LOADING, are loaded onto a truck (naming the lot,
 * or first-expired-first-out) while goods-outs take from it (naming it, or first-expired-first-out), over
 * both server processes; more is asked than the lot holds. Afterwards, in SQL: the lot is not negative,
 * its pieces are conserved (on hand + loaded + taken out = received), loaded and taken out are what the
 * accepted answers asked for, and each order item's loaded pieces equal the pieces its loads took from lots.
 */
import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type pg from 'pg';
import { type Answered, call, dataOf, itemBody } from './harness/api.ts';
import { buyerWithBranch, orderInLoading, shipmentInLoading } from './harness/orders.ts';
import type { Server } from './harness/server.ts';

/** Pieces of the contested lot: exactly what the orders promise, so the goods-outs leave the loads short. */
const ORDERS = 6;
const BOXES = 2;
const PER_BOX = 4;
const LOT_PIECES = ORDERS * BOXES * PER_BOX;
/** Each order is loaded in loads of this many pieces, so a load is never more than its item still awaits. */
const LOAD_PIECES = 2;
const GOODS_OUTS = 24;
const LOT_CODE = 'YARIS-SON';
const NOTES = 'parti-yarisi';

export type LoadRace = {
  lotId: number;
  lineId: number;
  shipmentId: number;
  orders: { orderId: number; itemId: number }[];
};

type RacePlanned = {
  index: number;
  kind: 'load' | 'out';
  server: Server;
  pieces: number;
  /** Named the lot; otherwise first-expired-first-out. */
  namesLot: boolean;
  order?: { orderId: number; itemId: number };
};
export type RaceOutcome = Answered<RacePlanned>;

/** The item, its one dated lot in Depo-1, the orders that promise all of it and a truck to load them on. */
export async function prepareLoadRace(server: Server, token: string): Promise<LoadRace> {
  const item = await dataOf<{ id: number; stocks: { id: number; wareHouse: { name: string } }[] }>(
    call(
      server,
      token,
      'POST',
      '/api/product-item',
      itemBody('Yarış Ayranı', 'YARIS-AYRAN', '8690000095001'),
    ),
    'item',
  );
  const lineId = item.stocks.find((line) => line.wareHouse.name === 'DEPO1')!.id;
  const expiryDate = addDays(istanbulDate(new Date()), 20);
  await dataOf(
    call(server, token, 'PUT', '/api/product-item/stock-import', {
      id: lineId,
      importedQuantity: LOT_PIECES,
      stockOperationType: 'PRODUCTION_INBOUND',
      notes: `${NOTES}-giris`,
      lot: { code: LOT_CODE, expiryDate },
    }),
    'lot',
  );
  const lots = await dataOf<{ lots: { id: number; code: string }[] }>(
    call(server, token, 'GET', `/api/lots?productItemId=${item.id}&page=1&size=10`),
    'lot list',
  );
  const lotId = lots.lots.find((lot) => lot.code === LOT_CODE)!.id;
  const product = await dataOf<{ id: number }>(
    call(server, token, 'POST', '/api/products', {
      name: 'Yarış Ayranı Kolisi',
      quantityInsideBox: PER_BOX,
      price: 12,
      productBundle: [{ productItemId: item.id, quantity: 1 }],
    }),
    'product',
  );
  const to = await buyerWithBranch(server, token, 'YARIS-MARKET');
  // One after the other: the orders are placed from the buyer's one basket.
  const orders: LoadRace['orders'] = [];
  for (let n = 0; n < ORDERS; n++) orders.push(await orderInLoading(server, token, to, product.id, BOXES));
  const shipmentId = await shipmentInLoading(server, token, 'YRS', to.branchId);
  return { lotId, lineId, shipmentId, orders };
}

/** Every order in loads of LOAD_PIECES and GOODS_OUTS goods-outs of 1–4 pieces, shuffled, over both servers. */
export function planLoadRace(race: LoadRace, servers: Server[], next: () => number): RacePlanned[] {
  const loads = race.orders.flatMap((order) =>
    Array.from({ length: (BOXES * PER_BOX) / LOAD_PIECES }, () => ({
      kind: 'load' as const,
      pieces: LOAD_PIECES,
      namesLot: next() < 0.5,
      order,
    })),
  );
  const outs = Array.from({ length: GOODS_OUTS }, () => ({
    kind: 'out' as const,
    pieces: 1 + Math.floor(next() * 4),
    namesLot: next() < 0.5,
  }));
  return [...loads, ...outs]
    .map((request) => ({ request, key: next() }))
    .sort((x, y) => x.key - y.key)
    .map(({ request }, index) => ({ ...request, index, server: servers[index % servers.length]! }));
}

export function sendRace(race: LoadRace, token: string, request: RacePlanned) {
  if (request.kind === 'load') {
    const { orderId, itemId } = request.order!;
    const lots = request.namesLot ? [{ lotId: race.lotId, quantity: request.pieces }] : undefined;
    return call(
      request.server,
      token,
      'PUT',
      `/api/orders/${orderId}/order-item/${itemId}/load?action=LOAD_ITEM_TO_TRUCK`,
      {
        shippingId: race.shipmentId,
        warehouseStocks: [{ warehouse: 'DEPO1', quantity: request.pieces, lots }],
      },
    );
  }
  return call(request.server, token, 'PUT', '/api/product-item/stock-export', {
    id: race.lineId,
    exportedQuantity: request.pieces,
    stockOperationType: 'RETAIL_OUTBOUND',
    notes: `${NOTES}-${request.index}`,
    lotId: request.namesLot ? race.lotId : undefined,
  });
}

/** The race's violations, and its lines for the report. */
export async function checkLoadRace(
  db: pg.Client,
  race: LoadRace,
  outcomes: RaceOutcome[],
): Promise<{ problems: string[]; report: string[] }> {
  const problems: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === 200 || (outcome.status === 409 && outcome.code === 'INSUFFICIENT_STOCK')) continue;
    problems.push(
      `lot race ${outcome.kind} ${outcome.index} on ${outcome.server.name}: ${outcome.status} ${outcome.code ?? ''} ${outcome.message ?? ''}`,
    );
  }
  const accepted = (kind: RacePlanned['kind']) =>
    outcomes.filter((outcome) => outcome.kind === kind && outcome.status === 200);
  const sum = (list: RaceOutcome[]) => list.reduce((total, outcome) => total + outcome.pieces, 0);
  const [lot] = (
    await db.query<{
      on_hand: number;
      negative: number;
      received: number;
      loaded: number;
      taken_out: number;
    }>(
      `select coalesce((select sum(quantity) from lot_stocks where lot_id = $1), 0)::int as on_hand,
              (select count(*) from lot_stocks where lot_id = $1 and quantity < 0)::int as negative,
              coalesce((select sum(quantity_change) from stock_history
                         where lot_id = $1 and action = 'PRODUCTION_INBOUND'), 0)::int as received,
              coalesce((select sum(quantity) from shipment_load_lines where lot_id = $1), 0)::int as loaded,
              coalesce((select -sum(quantity_change) from stock_history
                         where lot_id = $1 and action = 'RETAIL_OUTBOUND'), 0)::int as taken_out`,
      [race.lotId],
    )
  ).rows;
  const { on_hand, negative, received, loaded, taken_out } = lot!;
  if (negative > 0 || on_hand < 0) problems.push(`lot ${LOT_CODE}: ${on_hand} on hand, negative on a line`);
  if (on_hand + loaded + taken_out !== received) {
    problems.push(
      `lot ${LOT_CODE}: ${on_hand} on hand + ${loaded} loaded + ${taken_out} taken out ≠ ${received} received`,
    );
  }
  if (loaded !== sum(accepted('load'))) {
    problems.push(
      `lot ${LOT_CODE}: ${loaded} pieces loaded, the accepted loads asked for ${sum(accepted('load'))}`,
    );
  }
  if (taken_out !== sum(accepted('out'))) {
    problems.push(
      `lot ${LOT_CODE}: ${taken_out} pieces taken out, the accepted goods-outs asked for ${sum(accepted('out'))}`,
    );
  }
  // Per order item: loaded pieces = Σ its loads = Σ the lot pieces they took ÷ the bundle's quantity (1 here).
  const items = await db.query<{ id: number; loaded_quantity: number; loads: number; load_lots: number }>(
    `select oi.id, oi.loaded_quantity,
            coalesce((select sum(sl.pieces) from shipment_loads sl where sl.order_item_id = oi.id), 0)::int as loads,
            coalesce((select sum(ll.quantity) from shipment_load_lines ll
                        join shipment_loads sl on sl.id = ll.shipment_load_id
                       where sl.order_item_id = oi.id), 0)::int as load_lots
       from order_items oi where oi.id = any($1)`,
    [race.orders.map((order) => order.itemId)],
  );
  for (const item of items.rows) {
    const asked = sum(accepted('load').filter((outcome) => outcome.order!.itemId === item.id));
    if (new Set([item.loaded_quantity, item.loads, item.load_lots, asked]).size > 1) {
      problems.push(
        `order item ${item.id}: loaded ${item.loaded_quantity}, its loads ${item.loads}, their lots ${item.load_lots}, accepted loads ${asked}`,
      );
    }
  }
  const refused = outcomes.filter((outcome) => outcome.status === 409);
  if (accepted('load').length === 0 || accepted('out').length === 0) {
    problems.push('lot race: no load or no goods-out went through');
  }
  if (!refused.some((outcome) => outcome.kind === 'load')) {
    problems.push(
      'lot race: no load was refused: the goods-outs never took the pieces the loads were promised',
    );
  }
  const count = (list: RaceOutcome[], kind: RacePlanned['kind']) =>
    list.filter((outcome) => outcome.kind === kind).length;
  return {
    problems,
    report: [
      `  lot race          ${outcomes.length} on lot ${LOT_CODE} of ${received}: loads ${count(accepted('load'), 'load')} accepted / ${count(refused, 'load')} refused, goods-outs ${count(accepted('out'), 'out')} / ${count(refused, 'out')}`,
      `  lot ${LOT_CODE}     ${on_hand} on hand + ${loaded} loaded + ${taken_out} taken out = ${on_hand + loaded + taken_out} of ${received} received; ${items.rows.length} order items, each loaded = Σ its loads = Σ their lots`,
    ],
  };
}
