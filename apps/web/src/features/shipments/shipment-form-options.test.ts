import type { Driver, Vehicle } from '@mandira/contract/fleet';
import { describe, expect, it } from 'vitest';
import { buyerWarehouseOptions, driverOptions, vehicleOptions } from './shipment-form-options.ts';

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

  it('names each buyer warehouse with its buyer, code and province, in the buyers’ Turkish order', () => {
    const warehouse = (id: number, buyerTitle: string, title: string, city: string | null) => ({
      id,
      buyerId: id,
      buyerTitle,
      buyerCode: `MUS-${id}`,
      code: `W${id}`,
      title,
      latitude: null,
      longitude: null,
      city,
      version: 1,
    });
    expect(
      buyerWarehouseOptions([
        warehouse(1, 'İzmir Gıda', 'Bornova', 'İzmir'),
        warehouse(2, 'Çanakkale Süt', 'Merkez', null),
        warehouse(3, 'İzmir Gıda', 'Alsancak', 'İzmir'),
      ]),
    ).toEqual([
      { value: '2', label: 'Çanakkale Süt (MUS-2) · Merkez (W2)' },
      { value: '3', label: 'İzmir Gıda (MUS-3) · Alsancak (W3) · İzmir' },
      { value: '1', label: 'İzmir Gıda (MUS-1) · Bornova (W1) · İzmir' },
    ]);
  });
});
