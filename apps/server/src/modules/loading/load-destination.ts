import { stopsAtDelivery } from '@mandira/contract/load-destination';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { businessRule } from '../../http/errors.ts';

/**
 * An order goes onto a truck that stops where the order is delivered (docs/domain/loading-and-shipments.md,
 * "Loading an order item"; decision 140): the rule is the contract's `stopsAtDelivery`, which the load form
 * uses too.
 */

type Stop = { warehouse_id: number; buyer_id: number; place: string };
type Delivery = { branch_id: number | null; buyer_id: number; point: string | null; buyer: string };

/** '<depot> (<buyer>)', as a clerk names a delivery point. */
const PLACE = sql`bw.title || ' (' || b.title || ')'`;

/**
 * Refuses (422 BUSINESS_RULE, before anything is written) a load of the order onto a shipment none of
 * whose stops is the order's delivery point, naming where the shipment goes and where the order must go.
 */
export async function refuseWrongDestination(
  tx: Tx,
  shipment: { id: number; code: string },
  orderId: number,
): Promise<void> {
  const stops = await rowsOf<Stop>(
    tx,
    sql`select bw.id as warehouse_id, bw.buyer_id, ${PLACE} as place
          from shipments s
          cross join lateral (values (1, s.intermediate_warehouse1_id), (2, s.intermediate_warehouse2_id),
                                     (3, s.to_warehouse_id)) as st(ord, warehouse_id)
          join buyer_warehouses bw on bw.id = st.warehouse_id
          join buyers b on b.id = bw.buyer_id
         where s.id = ${shipment.id}
         order by st.ord`,
  );
  const [delivery] = await rowsOf<Delivery>(
    tx,
    sql`select o.buyer_branch_id as branch_id, o.buyer_id, ${PLACE} as point, ob.title as buyer
          from orders o
          join buyers ob on ob.id = o.buyer_id
          left join buyer_warehouses bw on bw.id = o.buyer_branch_id
          left join buyers b on b.id = bw.buyer_id
         where o.id = ${orderId}`,
  );
  if (!delivery) return;
  const point = { branchId: delivery.branch_id, buyerId: delivery.buyer_id };
  const served = stops.map((stop) => ({ warehouseId: stop.warehouse_id, buyerId: stop.buyer_id }));
  if (stopsAtDelivery(served, point)) return;
  const goes =
    stops.length === 1
      ? `'${shipment.code}' sevkiyatı ${stops[0]!.place} noktasına gidiyor`
      : `'${shipment.code}' sevkiyatının durakları ${stops.map((stop) => stop.place).join(', ')}`;
  const wanted =
    delivery.branch_id === null
      ? `siparişin teslim şubesi yok, müşterisi ${delivery.buyer}`
      : `siparişin teslim noktası ${delivery.point}`;
  throw businessRule(
    `${goes}; ${wanted}. Sipariş, duraklarından biri teslim noktası olan bir sevkiyata yüklenmelidir. Hiçbir şey yüklenmedi.`,
  );
}
