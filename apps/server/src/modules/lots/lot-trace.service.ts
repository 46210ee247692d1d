import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import type { LotLoad, LotTotals, LotTrace } from '@mandira/contract/lots-answers';
import { ORDER_ITEM_STATUS_LABELS } from '@mandira/contract/order-machines';
import { SHIPMENT_STATUS_LABELS } from '@mandira/contract/shipment-machine';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { lotSummaryOf } from './lot-list.repo.ts';
import { type LoadRow, loadsOfLot, lotHistoryTotals } from './lot-trace.repo.ts';

/**
 * A lot's trace (`GET /lots/{id}/trace`), the answer a recall needs (docs/domain/lots.md): the lot and
 * where its pieces lie now, every load of it — shipment, order, buyer and delivery point — and its totals.
 */

/** A load reached its buyer once its truck is delivered or its item is (a split item may be on two trucks). */
const isDelivered = (row: LoadRow) =>
  row.shipment_status === 'DELIVERED' || row.item_status === 'DELIVERED_TO_BUYER';

const iso = (value: string | Date) => toIstanbulIso(new Date(value));

function loadOf(row: LoadRow): LotLoad {
  return {
    shipmentLoadId: row.load_id,
    loadedAt: iso(row.loaded_at),
    pieces: row.pieces,
    warehouse: { name: row.warehouse_name, label: row.warehouse_label },
    shipment: {
      id: row.shipment_id,
      code: row.shipment_code,
      status: { name: row.shipment_status, label: SHIPMENT_STATUS_LABELS[row.shipment_status] },
      createdAt: iso(row.shipment_created_at),
    },
    order: {
      id: row.order_id,
      orderNumber: row.order_number,
      plannedShipmentDate: row.planned_shipment_date,
    },
    orderItem: {
      id: row.order_item_id,
      productName: row.product_name,
      status: { name: row.item_status, label: ORDER_ITEM_STATUS_LABELS[row.item_status] },
    },
    buyer: { id: row.buyer_id, code: row.buyer_code, title: row.buyer_title, phone: row.buyer_phone },
    deliveryPoint:
      row.point_id === null ? null : { id: row.point_id, code: row.point_code!, title: row.point_title! },
    delivered: isDelivered(row),
  };
}

export async function traceLot(db: Db | Tx, lotId: number): Promise<LotTrace> {
  const lot = await lotSummaryOf(db, lotId);
  if (!lot) throw notFound('Parti bulunamadı.');
  const rows = await loadsOfLot(db, lotId);
  const loads = rows.map(loadOf);
  const sum = (of: readonly LotLoad[]) => of.reduce((total, load) => total + load.pieces, 0);
  const totals: LotTotals = {
    ...(await lotHistoryTotals(db, lotId)),
    onHand: lot.onHand,
    shipped: sum(loads),
    delivered: sum(loads.filter((load) => load.delivered)),
  };
  return { lot, loads, totals };
}
