import type { ProductItem, ProductItemPage } from '@mandira/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let staff: string;
/** Stock codes of the five catalogue items, in the order the list gives them. */
const codes = ['KTLG-A1', 'KTLG-A2', 'KTLG-B1', 'KTLG-B2', 'KTLG-C1'];

beforeAll(async () => {
  t = await createTestApp();
  const sales = await t.tokenWithRoles(['SALES_ADMIN']);
  staff = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
  const names = [
    'Katalog Ayran',
    'Katalog Işıklı Kaşar',
    'Katalog İnce Lor',
    'Katalog Süzme',
    'Katalog Çökelek',
  ];
  // Made out of order, so the list's order is its own.
  for (const index of [4, 2, 0, 3, 1]) {
    await createItem(t, sales, {
      stockCode: codes[index]!,
      name: names[index]!,
      ...(index === 4
        ? { packagingUnitType: 'KILOGRAM', packagingUnitTypeAmount: 3, packagingType: 'BOTTLE' }
        : {}),
    });
  }
});
afterAll(() => t.close());

const listed = async (url: string) => {
  const response = await t.call(staff, { method: 'GET', url: `/api${url}` });
  expect(response.statusCode, url).toBe(200);
  return response.json.data;
};
const codesOf = (items: ProductItem[]) => items.map((item) => item.stockCode);

describe('the item catalogue (GET /product-item)', () => {
  it('unpaged answers a plain array of every item with its stock lines', async () => {
    const all = (await listed('/product-item')) as ProductItem[];
    expect(codesOf(all)).toEqual(codes);
    expect(all[0]!.stocks).toHaveLength(4);
  });

  it('pages by stock code with the count, a short last page and an empty page past the end', async () => {
    const first = (await listed('/product-item?q=ktlg&page=1&size=2')) as ProductItemPage;
    expect(first).toMatchObject({ page: 1, size: 2, count: 5, totalPages: 3 });
    expect(codesOf(first.items)).toEqual(codes.slice(0, 2));
    expect(first.items[0]!.stocks.map((line) => line.wareHouse.name)).toEqual([
      'DEPO1',
      'DEPO2',
      'DEPO3',
      'DEPO4',
    ]);
    expect(codesOf(((await listed('/product-item?q=ktlg&page=2&size=2')) as ProductItemPage).items)).toEqual(
      codes.slice(2, 4),
    );
    expect(codesOf(((await listed('/product-item?q=ktlg&page=3&size=2')) as ProductItemPage).items)).toEqual(
      codes.slice(4),
    );
    expect(await listed('/product-item?q=ktlg&page=7&size=2')).toMatchObject({
      items: [],
      count: 5,
      totalPages: 3,
    });
    expect(await listed('/product-item?size=3')).toMatchObject({ page: 1, size: 3, count: 5, totalPages: 2 });
  });

  it('searches stock code, name and barcode the Turkish way, paged or not, within the filters', async () => {
    expect(codesOf((await listed('/product-item?q=IŞIKLI')) as ProductItem[])).toEqual(['KTLG-A2']);
    expect(codesOf(((await listed('/product-item?q=ince&page=1')) as ProductItemPage).items)).toEqual([
      'KTLG-B1',
    ]);
    expect(codesOf(((await listed('/product-item?q=b2&page=1')) as ProductItemPage).items)).toEqual([
      'KTLG-B2',
    ]);
    expect(codesOf((await listed('/product-item?q=_')) as ProductItem[])).toEqual([]);
    // The packaging type's label and the packaging group, as the table shows them.
    expect(codesOf((await listed('/product-item?q=ŞİŞE')) as ProductItem[])).toEqual(['KTLG-C1']);
    expect(codesOf((await listed('/product-item?q=3%20KILO')) as ProductItem[])).toEqual(['KTLG-C1']);
    const kilos = (await listed(
      '/product-item?q=katalog&packagingGroup=3%20KILOGRAM&page=1',
    )) as ProductItemPage;
    expect(kilos).toMatchObject({ count: 1 });
    expect(codesOf(kilos.items)).toEqual(['KTLG-C1']);
    // A filter without a search text pages through its own prepared statement.
    const kilosOnly = (await listed('/product-item?packagingGroup=3%20KILOGRAM&page=1')) as ProductItemPage;
    expect(kilosOnly).toMatchObject({ count: 1 });
    expect(codesOf(kilosOnly.items)).toEqual(['KTLG-C1']);
    // A warehouse filter keeps only that warehouse's line.
    const inDepo2 = (await listed('/product-item?warehouseName=DEPO2&page=1&size=1')) as ProductItemPage;
    expect(inDepo2.items[0]!.stocks.map((line) => line.wareHouse.name)).toEqual(['DEPO2']);
  });

  it('refuses a bad page or size with 400 in Turkish', async () => {
    for (const [url, message] of [
      ['/product-item?page=0', 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır.'],
      ['/product-item?page=1&size=501', 'Sayfa boyutu en fazla 500 olabilir.'],
      ['/product-item?size=x', 'Sayfa boyutu 1 veya daha büyük bir tam sayı olmalıdır.'],
    ] as const) {
      const response = await t.call(staff, { method: 'GET', url: `/api${url}` });
      expect(response.statusCode, url).toBe(400);
      expect(response.json.error.message, url).toContain(message);
    }
  });
});

describe('a bulk stock call (PUT /product-item/stock-import-bulk)', () => {
  it('answers only the items it moved, with their new stock, however long the catalogue', async () => {
    const all = (await listed('/product-item')) as ProductItem[];
    const [moved, other] = [all[1]!, all[3]!];
    const lineOf = (item: ProductItem, name: string) =>
      item.stocks.find((line) => line.wareHouse.name === name)!.id;
    const response = await t.call(staff, {
      method: 'PUT',
      url: '/api/product-item/stock-import-bulk?warehouseName=DEPO1',
      payload: {
        stockChange: [
          { id: lineOf(moved, 'DEPO1'), importedQuantity: 12, stockOperationType: 'PRODUCTION_INBOUND' },
          { id: lineOf(other, 'DEPO1'), importedQuantity: 6, stockOperationType: 'PRODUCTION_INBOUND' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const answered = response.json.data as ProductItem[];
    expect(answered.map((item) => [item.stockCode, item.totalStockQuantity, item.boxQuantity])).toEqual([
      [moved.stockCode, 12, 2],
      [other.stockCode, 6, 1],
    ]);
    expect(answered[0]!.stocks.map((line) => [line.wareHouse.name, line.quantity])).toEqual([['DEPO1', 12]]);
    // The list read after it shows the same.
    const after = (await listed(`/product-item?q=${moved.stockCode}&page=1`)) as ProductItemPage;
    expect(after.items[0]!.totalStockQuantity).toBe(12);
  });
});
