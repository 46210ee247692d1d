import type { Driver, Vehicle } from '@mandira/contract/fleet';
import { describe, expect, it } from 'vitest';
import { buyerWarehouseGroups, driverOptions, vehicleOptions } from './shipment-form-options.ts';

const vehicle = (id: number, plate: string, status: string, openShipment?: [number, string]) =>
  ({
    id,
    licencePlateCode: plate,
    description: `${plate} · Ford Cargo`,
    statusDetail: { name: status, label: status === 'AVAILABLE' ? 'Müsait' : 'Sevkiyatta' },
    openShipmentId: openShipment?.[0] ?? null,
    openShipmentCode: openShipment?.[1] ?? null,
  }) as Vehicle;

const driver = (id: number, fullName: string, status: string, openShipmentId: number | null = null) =>
  ({
    id,
    fullName,
    status,
    statusDetail: { name: status, label: status === 'ON_VACATION' ? 'İzinli' : 'Müsait' },
    openShipmentId,
    openShipmentCode: openShipmentId ? `SVK-${openShipmentId}` : null,
  }) as Driver;

describe('the shipment form choices', () => {
  const vehicles = [
    vehicle(1, '35 B 2', 'ON_SHIPMENT', [7, 'SVK-7']),
    vehicle(2, '10 A 1', 'AVAILABLE'),
    vehicle(3, '16 Ç 3', 'ON_SHIPMENT', [8, 'SVK-8']),
  ];

  it('offers free vehicles, and the shipment its own; others greyed out with the reason', () => {
    expect(vehicleOptions(vehicles, 7)).toEqual([
      { value: '2', label: '10 A 1 · Ford Cargo', disabled: false },
      { value: '3', label: '16 Ç 3 · Ford Cargo (Sevkiyatta SVK-8)', disabled: true },
      { value: '1', label: '35 B 2 · Ford Cargo', disabled: false },
    ]);
    expect(vehicleOptions(vehicles, undefined).filter((option) => !option.disabled)).toHaveLength(1);
  });

  it('keeps drivers on leave or on another shipment out, in Turkish order', () => {
    const drivers = [
      driver(1, 'Şule Ak', 'AVAILABLE'),
      driver(2, 'Selin Öz', 'ON_VACATION'),
      driver(3, 'Çetin Er', 'AVAILABLE', 9),
    ];
    expect(driverOptions(drivers, undefined)).toEqual([
      { value: '3', label: 'Çetin Er (Sevkiyatta SVK-9)', disabled: true },
      { value: '2', label: 'Selin Öz (İzinli)', disabled: true },
      { value: '1', label: 'Şule Ak', disabled: false },
    ]);
    expect(driverOptions(drivers, 9)[0]).toEqual({ value: '3', label: 'Çetin Er', disabled: false });
  });

  it('groups buyer warehouses under their buyer', () => {
    const warehouse = (id: number, buyerTitle: string, title: string) => ({
      id,
      buyerId: 1,
      buyerTitle,
      code: `W${id}`,
      title,
      latitude: null,
      longitude: null,
    });
    expect(
      buyerWarehouseGroups([
        warehouse(1, 'İzmir Gıda', 'Bornova'),
        warehouse(2, 'Çanakkale Süt', 'Merkez'),
        warehouse(3, 'İzmir Gıda', 'Alsancak'),
      ]),
    ).toEqual([
      { group: 'Çanakkale Süt', items: [{ value: '2', label: 'Merkez (W2)' }] },
      {
        group: 'İzmir Gıda',
        items: [
          { value: '3', label: 'Alsancak (W3)' },
          { value: '1', label: 'Bornova (W1)' },
        ],
      },
    ]);
  });
});
