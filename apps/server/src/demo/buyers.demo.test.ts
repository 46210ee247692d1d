import { isValidTckn } from '@mandira/contract/tckn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedBuyersDemo } from './buyers.demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedBuyersDemo(t.db);
});
afterAll(() => t.close());

describe('the buyers demo data', () => {
  it('has thirty buyers with valid tax numbers, each with delivery points on the map', async () => {
    const token = await t.tokenWithRoles(['ACCOUNTING_MANAGER', 'BACKOFFICE_ADMIN']);
    const get = async (url: string) => (await t.call(token, { method: 'GET', url: `/api${url}` })).json.data;
    const buyers: { id: number; tckn: string | null; vkn: string | null }[] = await get('/buyers');
    expect(buyers).toHaveLength(30);
    for (const buyer of buyers) {
      expect(buyer.tckn === null ? /^\d{10}$/.test(buyer.vkn!) : isValidTckn(buyer.tckn)).toBe(true);
    }
    const warehouses: { buyerId: number; latitude: number; longitude: number }[] =
      await get('/buyers/warehouses');
    expect(warehouses.length).toBeGreaterThan(40);
    expect(new Set(warehouses.map((w) => w.buyerId)).size).toBe(30);
    expect(
      warehouses.every((w) => w.latitude > 35 && w.latitude < 42 && w.longitude > 26 && w.longitude < 45),
    ).toBe(true);
  });

  it('fills the approval queue from the sample ERP file with new and changed buyers', async () => {
    const token = await t.tokenWithRoles(['ACCOUNTING_MANAGER']);
    const page = (await t.call(token, { method: 'GET', url: '/api/pending-buyer' })).json.data;
    const codes = (isNew: boolean) =>
      page.buyers.filter((p: { isNew: boolean }) => p.isNew === isNew).map((p: { code: string }) => p.code);
    expect(codes(false)).toEqual(['MUS-003', 'MUS-007', 'MUS-018']);
    expect(codes(true)).toEqual(['MUS-101', 'MUS-102', 'MUS-103', 'MUS-104', 'MUS-105']);
  });
});
