import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createItem, itemBody } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startFakeErp } from '../erp/fake-erp.ts';

let t: TestApp;
let erp: Awaited<ReturnType<typeof startFakeErp>>;
let sales: string;

beforeAll(async () => {
  erp = await startFakeErp();
  t = await createTestApp({ ERP_SOURCE: erp.url });
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
});
afterAll(async () => {
  await t.close();
  await erp.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = sales) =>
  t.call(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });

/** Puts the given ERP records into the queue and answers the queue entry of `stockCode`. */
async function queued(records: object[], stockCode: string) {
  erp.state.document = { productItems: records };
  expect((await call('GET', '/product-item/synchronize')).statusCode).toBe(200);
  const queue = (await call('GET', '/pending-product-item')).json.data;
  return queue.find((p: { stockCode: string }) => p.stockCode === stockCode);
}

describe('GET /pending-product-item/{id}', () => {
  it('answers the record as a list of one, as the screen reads it', async () => {
    const entry = await queued([{ stockCode: 'YGT-500', name: 'Süzme Yoğurt' }], 'YGT-500');
    const response = await call('GET', `/pending-product-item/${entry.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual([entry]);
  });

  it('answers 404 for an unknown record, 401 without a token and 403 without the privilege', async () => {
    expect((await call('GET', '/pending-product-item/31337')).statusCode).toBe(404);
    expect((await t.call(undefined, { method: 'GET', url: '/api/pending-product-item' })).statusCode).toBe(
      401,
    );
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    expect((await call('GET', '/pending-product-item', undefined, office)).statusCode).toBe(403);
  });
});

describe('POST /pending-product-item', () => {
  it('defines a new item from the form and takes the record off the queue', async () => {
    const entry = await queued([{ stockCode: 'AYR-300', name: 'Ayran' }], 'AYR-300');
    const form = itemBody({
      stockCode: 'AYR-300',
      name: 'Ayran 300 ml',
      packagingType: 'BOTTLE',
      packagingUnitType: 'MILLILITERS',
      packagingUnitTypeAmount: 300,
    });
    const response = await call('POST', '/pending-product-item', { ...form, id: entry.id });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ ...form, packagingGroup: '300 MILLILITERS' });
    expect((await call('GET', `/pending-product-item/${entry.id}`)).statusCode).toBe(404);
  });

  it('updates the known item of a changed record instead of adding one', async () => {
    const item = await createItem(t, sales, {
      name: 'Tereyağı',
      stockCode: 'TRY-250',
      packagingUnitTypeAmount: 250,
    });
    const entry = await queued([{ stockCode: 'TRY-250', name: 'Köy Tereyağı' }], 'TRY-250');
    expect(entry.changes).toEqual([
      { field: 'name', label: 'Ürün adı', oldValue: 'Tereyağı', newValue: 'Köy Tereyağı' },
    ]);
    const before = await countRows(t, 'product_items');
    const form = {
      ...itemBody({ stockCode: 'TRY-250', barcode: item.barcode, packagingUnitTypeAmount: 250 }),
      name: entry.name,
    };
    const response = await call('POST', '/pending-product-item', { ...form, id: entry.id });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ id: item.id, name: 'Köy Tereyağı' });
    expect(await countRows(t, 'product_items')).toBe(before);
    expect((await call('GET', `/pending-product-item/${entry.id}`)).statusCode).toBe(404);
  });

  it('finds the record by its stock code when the form sends no id', async () => {
    const entry = await queued([{ stockCode: 'LOR-500', name: 'Lor' }], 'LOR-500');
    const form = itemBody({ stockCode: 'LOR-500', name: 'Lor 500 g', packagingUnitTypeAmount: 500 });
    const response = await call('POST', '/pending-product-item', form);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ ...form, id: expect.any(Number), packagingGroup: '500 GRAM' });
    expect((await call('GET', `/pending-product-item/${entry.id}`)).statusCode).toBe(404);
  });

  it('refuses an incomplete form with 400 and keeps the record queued', async () => {
    const entry = await queued([{ stockCode: 'SUT-1', name: 'Süt' }], 'SUT-1');
    const { width: _w, ...incomplete } = itemBody({ stockCode: 'SUT-1' });
    const response = await call('POST', '/pending-product-item', { ...incomplete, id: entry.id });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe('Genişlik (cm) zorunludur.');
    expect((await call('GET', `/pending-product-item/${entry.id}`)).json.data).toEqual([entry]);
  });

  it("refuses another item's barcode with 409, writes nothing and keeps the record", async () => {
    const other = await createItem(t, sales);
    const entry = await queued([{ stockCode: 'SUT-2', name: 'Süt' }], 'SUT-2');
    const items = await countRows(t, 'product_items');
    const response = await call('POST', '/pending-product-item', {
      ...itemBody({ stockCode: 'SUT-2', barcode: other.barcode }),
      id: entry.id,
    });
    expect(response.statusCode).toBe(409);
    expect(await countRows(t, 'product_items')).toBe(items);
    expect((await call('GET', `/pending-product-item/${entry.id}`)).json.data).toEqual([entry]);
  });

  it('refuses a packaging change of a frozen item with 409 and keeps the record', async () => {
    const item = await createItem(t, sales, { stockCode: 'KSR-DON', packagingUnitTypeAmount: 400 });
    await call('POST', '/products', { name: 'Kaşar kolisi', productItemIds: [item.id] });
    const entry = await queued(
      [{ stockCode: 'KSR-DON', name: 'Kaşar', packagingUnitTypeAmount: 600 }],
      'KSR-DON',
    );
    const form = itemBody({ stockCode: 'KSR-DON', barcode: item.barcode, packagingUnitTypeAmount: 600 });
    const response = await call('POST', '/pending-product-item', { ...form, id: entry.id });
    expect(response.statusCode).toBe(409);
    expect(response.json.error.message).toContain('Birim miktarı');
    expect((await call('GET', `/pending-product-item/${entry.id}`)).json.data).toEqual([entry]);
  });

  it('answers 404 for a record that is not queued, and 403 without the privilege', async () => {
    expect((await call('POST', '/pending-product-item', { ...itemBody(), id: 55_555 })).statusCode).toBe(404);
    const items = await t.tokenWithRoles(['ORDER_MANAGER']);
    expect((await call('POST', '/pending-product-item', itemBody(), items)).statusCode).toBe(403);
  });
});
