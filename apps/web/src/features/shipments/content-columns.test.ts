import type { ShipmentContentLine } from '@mandira/contract/shipments';
import { describe, expect, it } from 'vitest';
import { contentLotsText } from './content-columns.tsx';

const lot = (id: number, code: string, expiryDate: string | null, quantity: number) => ({
  id,
  code,
  expiryDate,
  productionDate: null,
  quantity,
});
const line = (loads: ShipmentContentLine['warehouseLoads']) =>
  ({ warehouseLoads: loads }) as ShipmentContentLine;
const load = (warehouse: string, lots: ReturnType<typeof lot>[]) => ({
  warehouseId: 1,
  warehouse,
  warehouseLabel: warehouse,
  quantity: lots.reduce((sum, one) => sum + one.quantity, 0),
  lots,
});

describe('the lots of a shipment content line', () => {
  it('adds up a lot over the warehouses, earliest expiry first and the undated lot last', () => {
    const text = contentLotsText(
      line([
        load('Depo-1', [lot(7, '2611-B', '2026-12-20', 1200), lot(3, '', null, 4)]),
        load('Depo-2', [lot(5, '2611-A', '2026-12-05', 8), lot(7, '2611-B', '2026-12-20', 312)]),
      ]),
      '\n',
    );
    expect(text).toBe('2611-A (SKT 05.12.2026): 8\n2611-B (SKT 20.12.2026): 1.512\nSKT yok: 4');
  });

  it('is empty for a line without lots', () => {
    expect(contentLotsText(line([load('Depo-1', [])]))).toBe('');
  });
});
