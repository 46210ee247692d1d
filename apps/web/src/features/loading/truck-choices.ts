import { stopsAtDelivery } from '@mandira/contract/load-destination';
import type { Order } from '@mandira/contract/orders';
import type { Shipment } from '@mandira/contract/shipments';

/**
 * The trucks the load form offers for an order (docs/domain/loading-and-shipments.md, "Loading an order
 * item"; decision 140). A truck whose stops do not include the order's delivery point is shown disabled
 * with the reason — the server refuses it (422) by the same rule, `stopsAtDelivery`.
 */
export type TruckChoice = {
  shipment: Shipment;
  /** One of its stops is the order's delivery point: it may take the load. */
  fits: boolean;
  /** It leaves from a warehouse the pieces are loaded from. */
  leavesFromLoading: boolean;
  /** 'Çıkış Depo-1 → Varış MERKEZ - Merkez Depo (Balıkesir Şarküteri)': where it goes. */
  route: string;
  /** Why it cannot take the load; undefined when it can. */
  reason?: string;
};

type OrderDelivery = Pick<Order, 'buyerId' | 'buyerBranch' | 'buyerBranchDescription' | 'buyer'>;

/** The order's delivery point as a clerk reads it: 'Kordon Şubesi', or its buyer without a branch. */
export function deliveryPointText(order: OrderDelivery): string {
  return order.buyerBranchDescription
    ? `${order.buyerBranchDescription.title} (${order.buyer.title})`
    : `${order.buyer.title} (teslim şubesi yok)`;
}

/** The truck's stops after its departure, as the rule reads them. */
function deliveryStops(shipment: Shipment) {
  return shipment.stops
    .filter((stop) => stop.kind !== 'FROM')
    .map((stop) => ({ warehouseId: stop.warehouseId, buyerId: stop.buyerId }));
}

function routeOf(shipment: Shipment, leavesFrom: string | undefined): string {
  const onTheWay = shipment.stops.filter((stop) => stop.kind === 'INTERMEDIATE').map((stop) => stop.title);
  const to = `${shipment.destination.code} - ${shipment.destination.title} (${shipment.destination.buyerTitle})`;
  return [leavesFrom && `Çıkış ${leavesFrom}`, ...onTheWay.map((stop) => `Ara durak ${stop}`), `Varış ${to}`]
    .filter(Boolean)
    .join(' → ');
}

/**
 * Every loading truck, those stopping at the order's delivery point first and, among them, those leaving
 * from a warehouse the pieces come from (`loadingIds`); the others last, each with its reason.
 * `warehouses` labels the stock warehouses by id ('Depo-1').
 */
export function truckChoices(
  shipments: readonly Shipment[],
  order: OrderDelivery,
  warehouses: ReadonlyMap<number, string>,
  loadingIds: readonly number[],
): TruckChoice[] {
  const delivery = { branchId: order.buyerBranch, buyerId: order.buyerId };
  const choices = shipments.map((shipment): TruckChoice => {
    const fits = stopsAtDelivery(deliveryStops(shipment), delivery);
    return {
      shipment,
      fits,
      leavesFromLoading: loadingIds.includes(shipment.fromWarehouseId),
      route: routeOf(shipment, warehouses.get(shipment.fromWarehouseId)),
      reason: fits ? undefined : `Siparişin teslim noktasına (${deliveryPointText(order)}) uğramıyor.`,
    };
  });
  const rank = (choice: TruckChoice) => (choice.fits ? 0 : 2) + (choice.leavesFromLoading ? 0 : 1);
  // A stable sort: within a rank, the list's own order (newest first).
  return choices.sort((a, b) => rank(a) - rank(b));
}
