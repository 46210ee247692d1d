import { lotLabel } from '@mandira/contract/lots';
import { type SQL, sql } from 'drizzle-orm';

/** Pieces of one lot loaded for one order item from one warehouse, as the load lines record them. */
export type LoadedLotRow = {
  id: number;
  code: string;
  expiryDate: string | null;
  productionDate: string | null;
  quantity: number;
};

/**
 * The lots the loads of one order item from one warehouse on a shipment took, as a JSON array in FEFO order
 * (earliest expiry first, the undated lot last): a correlated subquery of the statements that read
 * `shipment_loads` grouped by item and warehouse (decision 151: `shipment_load_lines` names each lot).
 */
export function loadedLotsJson(shipmentId: number, orderItemId: SQL, warehouseId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', t.id, 'code', t.code, 'expiryDate', t.expiry_date,
                                                         'productionDate', t.production_date, 'quantity', x.quantity)
                                       order by t.expiry_date nulls last, t.code, t.id), '[]'::json)
                from (select ll.lot_id, sum(ll.quantity)::int as quantity
                        from shipment_loads s join shipment_load_lines ll on ll.shipment_load_id = s.id
                       where s.shipment_id = ${shipmentId} and s.order_item_id = ${orderItemId}
                         and s.warehouse_id = ${warehouseId}
                       group by ll.lot_id) x
                join lots t on t.id = x.lot_id)`;
}

/** '2611-A (SKT 05.12.2026): 8 adet', or 'SKT yok: 8 adet' of the undated lot; one lot a line. */
export function loadedLotsText(lots: readonly LoadedLotRow[]): string {
  return lots.map((lot) => `${lotLabel(lot)}: ${lot.quantity.toLocaleString('tr-TR')} adet`).join('\n');
}
