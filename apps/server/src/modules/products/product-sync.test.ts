import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countRows, createItem, itemBody } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ERP_FAILURES, startFakeErp } from '../erp/fake-erp.ts';

let t: TestApp;
let erp: Awaited<ReturnType<typeof startFakeErp>>;
let sales: string;
let known: { id: number; stockCode: string; barcode: string };

beforeAll(async () => {
  erp = await startFakeErp();
  t = await createTestApp({ ERP_SOURCE: erp.url, ERP_TIMEOUT_MS: '400' });
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
  known = await createItem(t, sales, {
    name: 'Kaşar Peyniri',
    stockCode: 'KSR-700',
    packagingUnitTypeAmount: 700,
  });
});
afterAll(async () => {
  await t.close();
  await erp.close();
});
beforeEach(() => {
  erp.state.mode = 'json';
});

const sync = (token = sales) => t.call(token, { method: 'GET', url: '/api/product-item/synchronize' });
const pending = async () =>
  (await t.call(sales, { method: 'GET', url: '/api/pending-product-item' })).json.data;

const unchangedKnown = () => ({
  ...itemBody({ name: 'Kaşar Peyniri', packagingUnitTypeAmount: 700 }),
  stockCode: 'KSR-700',
  barcode: known.barcode,
});

describe('GET /product-item/synchronize', () => {
  it('queues unknown codes as new, changed known items as changes, and leaves unchanged ones out', async () => {
    erp.state.document = {
      productItems: [
        {
          stockCode: 'TLM-1000',
          name: 'Tulum Peyniri',
          barcode: '8692000001000',
          packagingUnitType: 'GRAM',
          packagingUnitTypeAmount: 1000,
        },
        { ...unchangedKnown(), name: 'Eski Kaşar Peyniri', height: 9.5 },
        { stockCode: 'NEW-ONLY', name: 'Lor Peyniri' },
      ],
    };
    const response = await sync();
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({ received: 3, newItems: 2, changedItems: 1, unchangedItems: 0 });

    const queue = await pending();
    expect(queue).toHaveLength(3);
    const tulum = queue.find((p: { stockCode: string }) => p.stockCode === 'TLM-1000');
    expect(tulum).toMatchObject({
      isNew: true,
      productItemId: null,
      name: 'Tulum Peyniri',
      packagingType: null,
      changes: [],
    });
    const kasar = queue.find((p: { stockCode: string }) => p.stockCode === 'KSR-700');
    expect(kasar).toMatchObject({
      isNew: false,
      productItemId: known.id,
      packagingUnitTypeAmount: 700,
      barcode: known.barcode,
    });
    expect(kasar.changes).toEqual([
      { field: 'name', label: 'Ürün adı', oldValue: 'Kaşar Peyniri', newValue: 'Eski Kaşar Peyniri' },
      { field: 'height', label: 'Yükseklik (cm)', oldValue: 8, newValue: 9.5 },
    ]);
  });

  it('changes nothing when the same source is synchronized again', async () => {
    const before = await pending();
    const response = await sync();
    expect(response.json.data).toMatchObject({ newItems: 2, changedItems: 1 });
    expect(await pending()).toEqual(before);
  });

  it('queues nothing for a known item the ERP sends unchanged, and drops its stale change', async () => {
    erp.state.document = { productItems: [unchangedKnown()] };
    const response = await sync();
    expect(response.json.data).toEqual({ received: 1, newItems: 0, changedItems: 0, unchangedItems: 1 });
    expect((await pending()).map((p: { stockCode: string }) => p.stockCode)).toEqual([
      'TLM-1000',
      'NEW-ONLY',
    ]);
  });

  it.each(ERP_FAILURES)(
    'answers 502 in Turkish when the ERP %s, and writes nothing',
    async (_label, mode, message) => {
      erp.state.document = { productItems: [{ stockCode: 'NEVER', name: 'Gelmeyecek' }] };
      erp.state.mode = mode;
      const before = await countRows(t, 'pending_product_items');
      const response = await sync();
      expect(response.statusCode).toBe(502);
      expect(response.json.error.code).toBe('EXTERNAL_SOURCE');
      expect(response.json.error.message).toMatch(message);
      expect(await countRows(t, 'pending_product_items')).toBe(before);
    },
  );

  it('answers 502 naming the record when the ERP sends a record of the wrong shape', async () => {
    erp.state.document = {
      productItems: [
        { stockCode: 'OK', name: 'İyi' },
        { stockCode: 'BAD', name: 'Kötü', packagingType: 'KOVA' },
      ],
    };
    const response = await sync();
    expect(response.statusCode).toBe(502);
    expect(response.json.error.message).toContain("'productItems[1].packagingType' kaydı");
    expect((await pending()).some((p: { stockCode: string }) => p.stockCode === 'OK')).toBe(false);
  });

  it('answers 401 and 403 like the other item routes', async () => {
    expect(
      (await t.call(undefined, { method: 'GET', url: '/api/product-item/synchronize' })).statusCode,
    ).toBe(401);
    expect((await sync(await t.tokenWithRoles(['ORDER_MANAGER']))).statusCode).toBe(403);
  });
});
