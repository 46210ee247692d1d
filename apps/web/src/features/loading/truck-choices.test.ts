import type { Order } from '@mandira/contract/orders';
import type { Shipment } from '@mandira/contract/shipments';
import { describe, expect, it } from 'vitest';
import { truckChoices } from './truck-choices.ts';

const BALIKESIR = { buyerId: 10, branchId: 101 };
const TEKIRDAG = { buyerId: 20, branchId: 201 };

/** A loading truck from a stock warehouse to a buyer depot, maybe by way of another. */
const truck = (
  id: number,
  fromWarehouseId: number,
  to: { buyerId: number; branchId: number },
  via?: { buyerId: number; branchId: number },
) =>
  ({
    id,
    shipmentCode: `SVK-${id}`,
    fromWarehouseId,
    stops: [
      // An own warehouse's id may equal a buyer depot's: the rule must not take the departure for a stop.
      { kind: 'FROM', warehouseId: fromWarehouseId, buyerId: null, title: `DEPO${fromWarehouseId}` },
      ...(via
        ? [{ kind: 'INTERMEDIATE', warehouseId: via.branchId, buyerId: via.buyerId, title: 'ARA - Ara Depo' }]
        : []),
      { kind: 'TO', warehouseId: to.branchId, buyerId: to.buyerId, title: 'VARIŞ' },
    ],
    destination: {
      buyerId: to.buyerId,
      buyerTitle: `Müşteri ${to.buyerId}`,
      buyerCode: 'M',
      code: 'D',
      title: 'Depo',
    },
  }) as unknown as Shipment;

const order = (branchId: number | null, buyerId = BALIKESIR.buyerId) =>
  ({
    buyerId,
    buyerBranch: branchId,
    buyerBranchDescription: branchId ? { id: branchId, code: 'MRK', title: 'Merkez Depo' } : null,
    buyer: { title: 'Balıkesir Şarküteri' },
  }) as unknown as Order;

const WAREHOUSES = new Map([
  [1, 'Depo-1'],
  [3, 'Depo-3'],
]);

describe('the trucks the load form offers', () => {
  const trucks = [
    truck(1, 1, TEKIRDAG),
    truck(2, 3, BALIKESIR),
    truck(3, 1, TEKIRDAG, BALIKESIR),
    truck(4, 1, BALIKESIR),
  ];

  it('puts the trucks stopping at the branch first, those leaving from the loading warehouse before them', () => {
    const choices = truckChoices(trucks, order(BALIKESIR.branchId), WAREHOUSES, [1]);
    expect(choices.map((one) => [one.shipment.id, one.fits, one.leavesFromLoading])).toEqual([
      [3, true, true],
      [4, true, true],
      [2, true, false],
      [1, false, true],
    ]);
    expect(choices[3]!.reason).toBe(
      'Siparişin teslim noktasına (Merkez Depo (Balıkesir Şarküteri)) uğramıyor.',
    );
    expect(choices[0]!.route).toBe('Çıkış Depo-1 → Ara durak ARA - Ara Depo → Varış D - Depo (Müşteri 20)');
  });

  it('matches an order without a branch by its buyer, and never by the departure warehouse', () => {
    const choices = truckChoices(
      [truck(5, 201, BALIKESIR), truck(6, 101, TEKIRDAG)],
      order(null),
      WAREHOUSES,
      [],
    );
    expect(choices.map((one) => [one.shipment.id, one.fits])).toEqual([
      [5, true],
      [6, false],
    ]);
    const branchOrder = truckChoices([truck(7, 101, TEKIRDAG)], order(101), WAREHOUSES, []);
    expect(branchOrder[0]!.fits).toBe(false);
  });
});
