import { GS } from '@mandira/contract/gs1';
import type { ScanAnswer } from '@mandira/contract/scan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let sales: string;
let warehouse: string;
let item: { id: number; stockCode: string; barcode: string };
let shortItem: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
  warehouse = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
  // An EAN-13 as the catalogue holds it, and an EAN-8 stored as printed.
  item = await createItem(t, sales, {
    stockCode: 'SCAN-KASAR',
    name: 'Taze Kaşar 1 kg',
    barcode: '8691234567890',
  });
  shortItem = await createItem(t, sales, { stockCode: 'SCAN-LOR', barcode: '96385074' });
  const product = await t.call(sales, {
    method: 'POST',
    url: '/api/products',
    payload: {
      name: 'Taze Kaşar Koli',
      barcode: '8691234567890',
      stockCode: 'SCAN-KASAR-KOLI',
      productBundle: [{ productItemId: item.id, quantity: 1 }],
    },
  });
  expect(product.statusCode, product.body).toBe(200);
});
afterAll(() => t.close());

const scan = async (code: string, token = warehouse) =>
  t.call(token, { method: 'GET', url: `/api/scan?code=${encodeURIComponent(code)}` });
const answer = async (code: string) => {
  const response = await scan(code);
  expect(response.statusCode, response.body).toBe(200);
  return response.json.data as ScanAnswer;
};

describe('GET /scan', () => {
  it('finds the item by its EAN-13, and the sellable product with that barcode', async () => {
    const found = await answer('8691234567890');
    expect(found).toMatchObject({
      format: 'EAN_13',
      matchedBy: 'BARCODE',
      gtin: '08691234567890',
      item: {
        id: item.id,
        name: 'Taze Kaşar 1 kg',
        stockCode: 'SCAN-KASAR',
        barcode: '8691234567890',
        quantityInBox: 6,
      },
      products: [{ name: 'Taze Kaşar Koli', barcode: '8691234567890' }],
    });
  });

  it('finds the item from a GS1-128 carton label with the GTIN-14, and reads lot, expiry and count', async () => {
    const found = await answer(`]C10108691234567890172612001026-11A${GS}3012${GS}9912`);
    expect(found).toMatchObject({
      format: 'GS1',
      item: { id: item.id },
      lotCode: '26-11A',
      expiryDate: '2026-12-31',
      count: 12,
      unknownElements: [{ ai: '99', value: '12' }],
    });
  });

  it('finds the item of a carton GTIN-14 built on its EAN-13, when no item has the carton code', async () => {
    // Indicator 1, the item's 869123456789, and the carton's own check digit.
    const found = await answer('(01)18691234567897(10)K1');
    expect(found).toMatchObject({ matchedBy: 'CARTON_BARCODE', item: { id: item.id }, lotCode: 'K1' });
    expect((await answer('(01)28691234567894')).matchedBy).toBe('CARTON_BARCODE');
    expect((await answer('(01)19521234543210')).item).toBeNull();
  });

  it('finds an EAN-8 item from the bracketed form, whose GTIN has six leading zeros', async () => {
    const found = await answer('(01)00000096385074(3102)001500(11)260101');
    expect(found).toMatchObject({
      item: { id: shortItem.id },
      netWeightKg: 15,
      productionDate: '2026-01-01',
    });
  });

  it('finds an item by its stock code', async () => {
    const found = await answer(' SCAN-LOR ');
    expect(found).toMatchObject({ format: 'TEXT', matchedBy: 'STOCK_CODE', item: { id: shortItem.id } });
  });

  it('answers a code no item has with item null and what it carries', async () => {
    const found = await answer('(01)09521234543213(10)YABANCI(17)270300');
    expect(found).toMatchObject({
      item: null,
      matchedBy: null,
      products: [],
      gtin: '09521234543213',
      lotCode: 'YABANCI',
      expiryDate: '2027-03-31',
    });
    expect((await answer('BILINMEYEN-KOD')).item).toBeNull();
  });

  it('refuses a bad check digit with 400 on code, naming it', async () => {
    const response = await scan('(01)08691234567891(10)A');
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe('code');
    expect(response.json.error.message).toContain('(01) GTIN kontrol basamağı hatalı: 1 okundu, 0 olmalı.');
    expect((await scan('8691234567899')).json.error.message).toContain(
      'EAN-13 barkodunun kontrol basamağı hatalı',
    );
    expect((await scan('')).statusCode).toBe(400);
  });

  it('is open to the floor screens and closed to the others', async () => {
    for (const role of ['WAREHOUSE_ADMIN', 'SHIPPING_STAFF', 'BACKOFFICE_ADMIN']) {
      expect((await scan('8691234567890', await t.tokenWithRoles([role]))).statusCode, role).toBe(200);
    }
    expect((await scan('8691234567890', await t.tokenWithRoles(['FINANCE_STAFF']))).statusCode).toBe(403);
  });
});
