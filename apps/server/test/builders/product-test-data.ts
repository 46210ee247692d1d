import type { CreateProductItemBody } from '@mandira/contract/products';
import type { TestApp } from '../test-app.ts';

let sequence = 0;

/** A valid item body; each call gets its own stock code and barcode. */
export function itemBody(overrides: Partial<CreateProductItemBody> = {}): CreateProductItemBody {
  sequence += 1;
  return {
    name: `Beyaz Peynir ${sequence}`,
    stockCode: `TST-${sequence}`,
    barcode: `869000000${String(sequence).padStart(4, '0')}`,
    packagingType: 'VACUUM_PACKAGE',
    warehouseStockType: 'FOODS',
    packagingUnitType: 'GRAM',
    packagingUnitTypeAmount: 1500,
    width: 20,
    length: 12,
    height: 8,
    quantityInBox: 6,
    notes: '',
    ...overrides,
  };
}

export async function createItem(t: TestApp, token: string, overrides: Partial<CreateProductItemBody> = {}) {
  const response = await t.call(token, {
    method: 'POST',
    url: '/api/product-item',
    payload: itemBody(overrides),
  });
  if (response.statusCode !== 200) throw new Error(`item not created: ${response.body}`);
  return response.json.data as { id: number; stockCode: string; barcode: string };
}

export { countRows } from '../test-app.ts';
