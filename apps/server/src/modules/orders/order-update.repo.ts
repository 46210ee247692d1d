import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';

/** The header fields of an order an update may write; one left undefined keeps its value. */
export type HeaderChange = {
  buyerRequestReferenceCode?: string | null | undefined;
  buyerBranch?: number | null | undefined;
  plannedShipmentDate?: string | null | undefined;
  colorGroup?: string | null | undefined;
};

/** Writes the order's header fields that `change` gives, in one statement. */
export async function updateOrderHeader(tx: Tx, orderId: number, change: HeaderChange): Promise<void> {
  const day = change.plannedShipmentDate;
  const keep = (value: unknown, column: string) => (value === undefined ? sql.raw(column) : sql`${value}`);
  await tx.execute(sql`
      update orders
         set buyer_request_reference_code = ${keep(change.buyerRequestReferenceCode, 'buyer_request_reference_code')},
             buyer_branch_id = ${keep(change.buyerBranch, 'buyer_branch_id')},
             planned_shipment_date = ${day === undefined ? sql.raw('planned_shipment_date') : sql`${day}::date`},
             color_group = ${keep(change.colorGroup, 'color_group')},
             updated_at = now()
       where id = ${orderId}`);
}

/** The header fields an update may change, as the audit entry compares them. */
export async function orderHeader(tx: Tx, orderId: number) {
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select buyer_request_reference_code as "buyerRequestReferenceCode", buyer_branch_id as "buyerBranch",
               planned_shipment_date::text as "plannedShipmentDate", color_group as "colorGroup"
          from orders where id = ${orderId}`,
  );
  return row;
}
