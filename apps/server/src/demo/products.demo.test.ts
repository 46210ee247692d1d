import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedProductsDemo } from './products.demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedProductsDemo(t.db);
});
afterAll(() => t.close());

describe('the products demo data', () => {
  it('fills the catalogue, bundles and the approval queue from the sample ERP file', async () => {
    const token = await t.tokenWithRoles(['SALES_ADMIN']);
    const get = async (url: string) => (await t.call(token, { method: 'GET', url: `/api${url}` })).json.data;
    expect((await get('/product-item')).length).toBeGreaterThanOrEqual(15);
    const products = await get('/products?packagingGroup=ALL');
    expect(products.find((p: { name: string }) => p.name === 'Kahvaltılık Set').productBundle).toHaveLength(
      4,
    );
    const queue = await get('/pending-product-item');
    expect(
      queue.filter((p: { isNew: boolean }) => p.isNew).map((p: { stockCode: string }) => p.stockCode),
    ).toEqual(['KCI-500', 'DIL-250', 'KFR-1L']);
    const changed = queue.filter((p: { isNew: boolean }) => !p.isNew);
    expect(changed.map((p: { stockCode: string }) => p.stockCode)).toEqual(['KSR-700', 'AYR-1L']);
    expect(changed[0].changes.map((c: { field: string }) => c.field)).toEqual(['name', 'quantityInBox']);
  });
});
