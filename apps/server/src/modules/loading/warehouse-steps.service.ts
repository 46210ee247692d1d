import type { BulkWarehouseAction } from '@mandira/contract/loading';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { actOnItem } from '../orders/item-steps.ts';
import { itemLinesOf, stepEachLine } from './item-lines.ts';

export type WarehouseStepsInput = { action: BulkWarehouseAction; orderItemIds: number[] };

/**
 * `PUT /order-items/warehouse-steps` (decision 142): one warehouse step on several items, each taken
 * as by the single item call (`actOnItem`: the privilege, the contract's item machine, the audit entry
 * and its live event), in the route's one transaction, in order and item order. The first item refused
 * throws with the item named; the rollback undoes the items stepped before it. Answers the ids of the
 * changed orders, in order.
 */
export async function stepWarehouseItems(
  tx: Tx,
  actor: Actor,
  input: WarehouseStepsInput,
): Promise<number[]> {
  const lines = await itemLinesOf(tx, input.orderItemIds);
  await stepEachLine(
    lines,
    (line) => actOnItem(tx, actor, { orderId: line.order_id, itemId: line.id, action: input.action }),
    'Hiçbir kalem değiştirilmedi.',
  );
  return [...new Set(lines.map((line) => line.order_id))];
}
