/**
 * Loads in the kill -9 check (issue 38): now and then a writer loads pieces of two orders in LOADING onto
 * a truck, from either hot line, first-expired-first-out or from a named lot, while the server is killed.
 * A load writes the goods-out, its load record with the lots it took and the item's loaded pieces in one
 * transaction, so afterwards, per order item: loaded pieces = Σ its load records = Σ their lot lines; per
 * order, line and lot: the load lines = the order's SHIPMENT_OUTBOUND history; and the loaded pieces lie
 * between what was acknowledged and that plus what the kill cut off.
 */
import { call, dataOf } from './harness/api.ts';
import type { SqlReader } from './harness/ledger.ts';
import { buyerWithBranch, orderInLoading, shipmentInLoading } from './harness/orders.ts';
import type { Server } from './harness/server.ts';

const ORDERS = 2;
const BOXES = 10;

type LoadSent = { itemId: number; pieces: number; status: number };

export type CrashLoading = {
  /** Sends one load and keeps what it was answered (0: no answer, the server died). */
  send(server: Server, token: string): Promise<void>;
  /** The loads' violations after the last kill, and a line for the report. */
  check(reader: SqlReader): Promise<{ problems: string[]; summary: string }>;
};

const pick = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** Two orders of the hot item's product walked to LOADING, a truck in LOADING to their branch. */
export async function prepareCrashLoading(
  server: Server,
  token: string,
  itemId: number,
  warehouses: readonly string[],
  lotIds: readonly number[],
): Promise<CrashLoading> {
  const product = await dataOf<{ id: number }>(
    call(server, token, 'POST', '/api/products', {
      name: 'Çökme Denemesi Kolisi',
      quantityInsideBox: 6,
      price: 30,
      productBundle: [{ productItemId: itemId, quantity: 1 }],
    }),
    'product',
  );
  const to = await buyerWithBranch(server, token, 'COKME-MARKET');
  const orders: { orderId: number; itemId: number }[] = [];
  for (let n = 0; n < ORDERS; n++) orders.push(await orderInLoading(server, token, to, product.id, BOXES));
  const shippingId = await shipmentInLoading(server, token, 'CKM', to.branchId);
  const sent: LoadSent[] = [];

  return {
    async send(server, token) {
      const order = orders[pick(0, orders.length - 1)]!;
      const pieces = pick(1, 4);
      const lots =
        Math.random() < 0.4 ? [{ lotId: lotIds[pick(0, lotIds.length - 1)]!, quantity: pieces }] : undefined;
      const entry: LoadSent = { itemId: order.itemId, pieces, status: -1 };
      sent.push(entry);
      try {
        const answer = await call(
          server,
          token,
          'PUT',
          `/api/orders/${order.orderId}/order-item/${order.itemId}/load?action=LOAD_ITEM_TO_TRUCK`,
          {
            shippingId,
            warehouseStocks: [
              { warehouse: warehouses[pick(0, warehouses.length - 1)]!, quantity: pieces, lots },
            ],
          },
        );
        entry.status = answer.status;
      } catch {
        entry.status = 0;
      }
    },

    async check(reader) {
      const problems: string[] = [];
      for (const load of sent) {
        if (![0, 200, 409].includes(load.status))
          problems.push(`a load of item ${load.itemId} was answered ${load.status}`);
      }
      const items = await reader.query<{
        id: number;
        loaded: number;
        loads: number;
        records: number;
        lot_lines: number;
      }>(
        `select oi.id, oi.loaded_quantity as loaded,
                (select count(*) from shipment_loads sl where sl.order_item_id = oi.id)::int as loads,
                coalesce((select sum(sl.pieces) from shipment_loads sl where sl.order_item_id = oi.id), 0)::int as records,
                coalesce((select sum(ll.quantity) from shipment_load_lines ll
                            join shipment_loads sl on sl.id = ll.shipment_load_id
                           where sl.order_item_id = oi.id), 0)::int as lot_lines
           from order_items oi where oi.id = any($1)`,
        [orders.map((order) => order.itemId)],
      );
      for (const item of items.rows) {
        if (item.loaded !== item.records || item.loaded !== item.lot_lines) {
          problems.push(
            `order item ${item.id}: loaded ${item.loaded}, its load records ${item.records}, their lot lines ${item.lot_lines}`,
          );
        }
        const mine = sent.filter((load) => load.itemId === item.id);
        const acknowledged = mine.filter((load) => load.status === 200);
        const cutOff = mine.filter((load) => load.status === 0);
        const pieces = (list: LoadSent[]) => list.reduce((sum, load) => sum + load.pieces, 0);
        if (item.loaded < pieces(acknowledged) || item.loaded > pieces(acknowledged) + pieces(cutOff)) {
          problems.push(
            `order item ${item.id}: loaded ${item.loaded}, acknowledged ${pieces(acknowledged)}, cut off ${pieces(cutOff)}`,
          );
        }
        if (item.loads < acknowledged.length || item.loads > acknowledged.length + cutOff.length) {
          problems.push(
            `order item ${item.id}: ${item.loads} load records, ${acknowledged.length} acknowledged, ${cutOff.length} cut off`,
          );
        }
      }
      // What the load lines took from each line and lot for an order is exactly the order's goods-out there.
      const drift = await reader.query<{ problem: string }>(
        `with recorded as (
           select oi.order_id, ll.stock_line_id, ll.lot_id, sum(ll.quantity)::int as quantity
             from shipment_load_lines ll
             join shipment_loads sl on sl.id = ll.shipment_load_id
             join order_items oi on oi.id = sl.order_item_id
            where oi.id = any($1)
            group by oi.order_id, ll.stock_line_id, ll.lot_id),
         moved as (
           select h.order_id, h.stock_line_id, h.lot_id, -sum(h.quantity_change)::int as quantity
             from stock_history h
            where h.order_id = any($2) and h.action = 'SHIPMENT_OUTBOUND'
            group by h.order_id, h.stock_line_id, h.lot_id)
         select 'order ' || coalesce(r.order_id, m.order_id) || ', line ' || coalesce(r.stock_line_id, m.stock_line_id)
                || ', lot ' || coalesce(r.lot_id, m.lot_id) || ': load lines ' || coalesce(r.quantity, 0)
                || ', goods-out ' || coalesce(m.quantity, 0) as problem
           from recorded r
           full join moved m on m.order_id = r.order_id and m.stock_line_id = r.stock_line_id and m.lot_id = r.lot_id
          where coalesce(r.quantity, 0) <> coalesce(m.quantity, 0)`,
        [orders.map((order) => order.itemId), orders.map((order) => order.orderId)],
      );
      problems.push(...drift.rows.map((row) => row.problem));
      const acknowledged = sent.filter((load) => load.status === 200).length;
      if (acknowledged === 0) problems.push('no load was acknowledged: the check proved little about loads');
      const loaded = items.rows.reduce((sum, item) => sum + item.loaded, 0);
      return {
        problems,
        summary: `${sent.length} loads, ${acknowledged} acknowledged, ${sent.filter((load) => load.status === 0).length} cut off; ${loaded} pieces loaded, ${problems.length === 0 ? "each item's = Σ its load records = Σ their lots = its goods-out" : `${problems.length} violations`}`,
      };
    },
  };
}
