import type { WarehouseStockFigure } from '@mandira/contract/loading';
import { orderItemMachine } from '@mandira/contract/order-machines';
import { SHIPMENT_STATUS_LABELS } from '@mandira/contract/shipment-machine';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, businessRule, conflict, notFound } from '../../http/errors.ts';
import { actOnItem, itemContext, lockOrderItem, recordItemLoaded } from '../orders/item-steps.ts';
import { applyStockChanges, type StockChange } from '../stock/stock-movement.service.ts';
import { refuseWrongDestination } from './load-destination.ts';
import {
  bundleLinesIn,
  findItemSnapshot,
  findLoadOnShipment,
  findWarehousesNamed,
  keyShareLockShipment,
  type LockedShipment,
  piecesPerWarehouse,
  type WarehouseRow,
} from './load-item.repo.ts';
import { checkChosenLots, engineFreshness, shelfLifeRuleOf } from './load-lots.ts';
import { recordLoad, type StockTaken } from './load-records.ts';

export { type LockedShipment, piecesPerWarehouse } from './load-item.repo.ts';

/**
 * Locks a shipment row for key share: loads and acceptances on it may run side by side, but its status
 * cannot change under them (the actions lock it FOR UPDATE). Key share, not share, so that the load
 * figures kept on the row can be written under it (docs/decisions/0114-shipments-keep-load-figures-row-recomputed.md). Shipments are
 * locked before orders, as the shipment actions do.
 */
export async function lockShipmentForShare(
  tx: Tx,
  shipmentId: number,
  field?: string,
): Promise<LockedShipment> {
  const shipment = await keyShareLockShipment(tx, shipmentId);
  if (!shipment) throw new AppError('NOT_FOUND', 'Sevkiyat bulunamadı.', field);
  return shipment;
}

export type LoadInput = {
  orderId: number;
  itemId: number;
  shippingId: number;
  warehouseStocks: { warehouse: string; quantity: number; lots?: { lotId: number; quantity: number }[] }[];
};

/**
 * `PUT /orders/{o}/order-item/{i}/load?action=LOAD_ITEM_TO_TRUCK` (docs/domain/loading-and-shipments.md,
 * "Loading an order item"): in the route's one transaction, a SHIPMENT_OUTBOUND of pieces × bundle quantity
 * of every bundle item from each chosen warehouse (one movement, with the order id), from the lots the row
 * chose or else first-expired-first-out among the lots the order may take (decision 152), a load record per
 * warehouse with the lots it took, and loaded += pieces. Refused with nothing written when the item is not
 * LOADING, the shipment is not LOADING, none of the shipment's stops is the order's delivery point (422,
 * decision 140), the pieces exceed what remains to load, a chosen lot may not be taken (409 naming the lot,
 * its date and why), or a line is short (409 naming product, warehouse, on hand, requested).
 */
export async function loadItem(tx: Tx, actor: Actor, input: LoadInput): Promise<void> {
  const shipment = await lockShipmentForShare(tx, input.shippingId, 'shippingId');
  const { order, item } = await lockOrderItem(tx, input.orderId, input.itemId);
  orderItemMachine.next(item.status, 'LOAD_ITEM_TO_TRUCK', itemContext(order, item));
  if (shipment.status !== 'LOADING') {
    throw conflict(
      `'${shipment.code}' sevkiyatı '${SHIPMENT_STATUS_LABELS[shipment.status]}' durumunda; yalnızca 'Yükleniyor' durumundaki bir sevkiyata yükleme yapılabilir.`,
    );
  }
  await refuseWrongDestination(tx, shipment, order.id);
  const total = input.warehouseStocks.reduce((sum, row) => sum + row.quantity, 0);
  const remaining = item.quantity - item.loaded_quantity;
  if (total > remaining) {
    throw conflict(
      `Yüklenmek istenen ${total} adet, kalemde yüklenmeyi bekleyen ${remaining} adetten fazla. Hiçbir şey yüklenmedi.`,
    );
  }
  const warehouses = await warehousesNamed(tx, input.warehouseStocks);
  const bundle = await bundleLinesIn(
    tx,
    item.bundle_snapshot_id,
    warehouses.map((one) => one.id),
  );
  if (!bundle.some((line) => line.quantity > 0)) {
    throw businessRule('Ürünün içeriği (depolanabilir ürünleri) tanımlı değil; araca yüklenemez.');
  }
  const note = `Araca yükleme, sevkiyat ${shipment.code}`;
  const rule = await shelfLifeRuleOf(tx, order);
  // Expired lots, and lots too short for the buyer, are never loaded (decisions 151 and 152).
  const freshFrom = engineFreshness(rule);
  const loads: { warehouseId: number; pieces: number; changes: StockChange[] }[] = [];
  for (const [index, row] of input.warehouseStocks.entries()) {
    if (row.quantity === 0) continue;
    const warehouseId = warehouses.find((one) => one.name === row.warehouse)!.id;
    const lines = bundle.filter((line) => line.warehouse_id === warehouseId);
    const picks = await checkChosenLots(
      tx,
      { pieces: row.quantity, lots: row.lots ?? [], field: `warehouseStocks[${index}]` },
      lines,
      rule,
    );
    const changes = lines.flatMap((line): StockChange[] => {
      const taken = {
        stockLineId: line.stock_line_id,
        kind: 'add',
        action: 'SHIPMENT_OUTBOUND',
        notes: note,
        freshFrom,
      } as const;
      const mine = picks.filter((pick) => pick.productItemId === line.product_item_id);
      if (mine.length === 0) return [{ ...taken, quantity: -(row.quantity * line.quantity) }];
      return mine.map((pick) => ({ ...taken, quantity: -pick.quantity, lotId: pick.lotId }));
    });
    loads.push({ warehouseId, pieces: row.quantity, changes });
  }
  const applied = await applyStockChanges(
    tx,
    loads.flatMap((load) => load.changes),
    { actor, orderId: order.id },
  );
  let next = 0;
  for (const load of loads) {
    const taken: StockTaken[] = load.changes.flatMap(() => {
      const change = applied[next++]!;
      return change.lots.map((lot) => ({
        stockLineId: change.stockLineId,
        lotId: lot.lotId,
        quantity: -lot.quantity,
      }));
    });
    await recordLoad(tx, actor, {
      orderId: order.id,
      orderItemId: item.id,
      shipmentId: shipment.id,
      warehouseId: load.warehouseId,
      pieces: load.pieces,
      taken,
    });
  }
  // The loaded pieces left the stock: `orders` keeps the item's figures (decision 65).
  await recordItemLoaded(tx, actor, { order, item, pieces: total, shipmentId: shipment.id });
}

/** The stock warehouses the rows name, every one of them known (404 on the row's field otherwise). */
async function warehousesNamed(tx: Tx, rows: LoadInput['warehouseStocks']): Promise<WarehouseRow[]> {
  const found = await findWarehousesNamed(
    tx,
    rows.map((row) => row.warehouse),
  );
  const missing = rows.findIndex((row) => !found.some((one) => one.name === row.warehouse));
  if (missing >= 0) {
    throw new AppError(
      'NOT_FOUND',
      `Depo bulunamadı: ${rows[missing]!.warehouse}.`,
      `warehouseStocks[${missing}].warehouse`,
    );
  }
  return found;
}

export type FinishInput = { orderId: number; itemId: number; shipmentId?: number };

/**
 * `/loaded-to-truck[/{shipmentId}]`: loading of the item is finished (everything loaded). With a
 * shipment, the item must have a load on it: the call names the truck it was loaded onto.
 */
export async function finishLoading(tx: Tx, actor: Actor, input: FinishInput): Promise<void> {
  if (input.shipmentId !== undefined) {
    const shipment = await lockShipmentForShare(tx, input.shipmentId, 'shipmentId');
    const load = await findLoadOnShipment(tx, input, shipment.id);
    if (!load) {
      throw conflict(`Kalemin '${shipment.code}' sevkiyatına yüklenmiş ürünü yok; yükleme bitirilemez.`);
    }
  }
  await actOnItem(tx, actor, { ...input, action: 'LOADED_TO_TRUCK_FROM_WAREHOUSE' });
}

/** `GET /orders/{o}/order-item/{i}/warehouse-stocks`. */
export async function itemWarehouseStocks(
  db: Db,
  input: { orderId: number; itemId: number },
): Promise<WarehouseStockFigure[]> {
  const item = await findItemSnapshot(db, input);
  if (!item) throw notFound('Sipariş kalemi bulunamadı.');
  return piecesPerWarehouse(db, item.bundle_snapshot_id);
}
