import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { LotPage, LotTrace } from '@mandira/contract/lots-answers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forceShipmentStatus,
  type LoadWorld,
  lineOf,
  load,
  loadWorld,
  ok,
  orderInWarehouse,
  shipmentIn,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';
import { createItem } from '../../../test/builders/product-test-data.ts';
import { rowsOf } from '../../db/client.ts';

let w: LoadWorld;
let itemId: number;
let otherItemId: number;
let productId: number;
const today = istanbulDate(new Date());
/** The lot ids by code. */
const lot: Record<string, number> = {};
let delivered: { shipmentId: number; orderId: number };
let onTruck: { shipmentId: number; orderId: number };
let depo2: number;

const receive = async (
  item: number,
  warehouse: string,
  quantity: number,
  lotInput: { code: string; expiryDate: string },
  type = 'PRODUCTION_INBOUND',
) =>
  ok(
    await w.call(
      'PUT',
      '/product-item/stock-import-bulk',
      {
        stockChange: [
          {
            id: await lineOf(w, item, warehouse),
            importedQuantity: quantity,
            stockOperationType: type,
            lot: lotInput,
          },
        ],
      },
      w.warehouse,
    ),
    `goods-in ${lotInput.code}`,
  );

const lots = async (query: string, token = w.warehouse): Promise<LotPage> =>
  ok(await w.call('GET', `/lots?${query}`, undefined, token), `lots ${query}`).json.data;
const codes = (page: LotPage) => page.lots.map((one) => one.code);
const trace = async (id: number): Promise<LotTrace> =>
  ok(await w.call('GET', `/lots/${id}/trace`, undefined, w.warehouse), 'trace').json.data;

beforeAll(async () => {
  w = await loadWorld();
  itemId = (await createItem(w.t, w.sales, { name: 'Parti Kaşarı' })).id;
  otherItemId = (await createItem(w.t, w.sales, { name: 'Tulum Peyniri' })).id;
  productId = await product(w, [{ itemId, quantity: 1 }], { quantityInsideBox: 6 });
  await receive(itemId, 'DEPO1', 18, { code: 'P-5', expiryDate: addDays(today, 5) });
  await receive(itemId, 'DEPO1', 30, { code: 'P-20', expiryDate: addDays(today, 20) });
  await receive(itemId, 'DEPO2', 6, { code: 'P-20', expiryDate: addDays(today, 20) });
  await receive(itemId, 'DEPO1', 4, { code: 'P-OLD', expiryDate: addDays(today, -2) }, 'RETURN_INBOUND');
  await receive(otherItemId, 'DEPO1', 10, { code: 'İZMİR-3', expiryDate: addDays(today, 3) });
  for (const row of await rowsOf<{ id: number; code: string }>(w.t.db, sql`select id, code from lots`)) {
    lot[row.code] = row.id;
  }
  const [depo2Row] = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select id from warehouses where name = 'DEPO2'`,
  );
  depo2 = depo2Row!.id;
  // Dispose of one expired piece, named by its lot.
  ok(
    await w.call(
      'PUT',
      '/product-item/stock-export-bulk',
      {
        stockChange: [
          {
            id: await lineOf(w, itemId, 'DEPO1'),
            exportedQuantity: 1,
            stockOperationType: 'DISPOSAL_OUTBOUND',
            lotId: lot['P-OLD'],
          },
        ],
      },
      w.warehouse,
    ),
    'disposal',
  );
  // Two boxes (12 pieces) loaded FEFO from P-5 onto a truck then delivered; one more box from the rest of
  // P-5 onto a truck still loading.
  const first = await orderInWarehouse(w, productId, 2);
  const truck = await shipmentIn(w);
  ok(await load(w, first.order, first.itemId, truck.id, [{ warehouse: 'DEPO1', quantity: 12 }]), 'load');
  await forceShipmentStatus(w, truck.id, 'DELIVERED');
  delivered = { shipmentId: truck.id, orderId: first.order.id };
  const second = await orderInWarehouse(w, productId, 1);
  const loading = await shipmentIn(w);
  ok(await load(w, second.order, second.itemId, loading.id, [{ warehouse: 'DEPO1', quantity: 6 }]), 'load 2');
  onTruck = { shipmentId: loading.id, orderId: second.order.id };
}, 120_000);

afterAll(() => w.close());

describe('GET /api/lots', () => {
  it('lists the lots in FEFO order, expired first, the undated lot last, each with its item and stock per warehouse', async () => {
    const page = await lots(`productItemId=${itemId}`);
    expect(codes(page)).toEqual(['P-OLD', 'P-5', 'P-20', '']);
    expect(page).toMatchObject({ page: 1, size: 50, count: 4, totalPages: 1 });
    const [old, five, twenty, undated] = page.lots;
    expect(undated).toMatchObject({ expiryDate: null, expired: false, daysLeft: null, onHand: 0 });
    expect(old).toMatchObject({ expired: true, daysLeft: -2, onHand: 3 });
    expect(five).toMatchObject({ expired: false, daysLeft: 5, onHand: 0, warehouses: [] });
    expect(twenty).toMatchObject({
      code: 'P-20',
      expiryDate: addDays(today, 20),
      item: { id: itemId, name: 'Parti Kaşarı' },
      onHand: 36,
      warehouses: [
        { warehouse: { name: 'DEPO1' }, quantity: 30 },
        { warehouse: { name: 'DEPO2' }, quantity: 6 },
      ],
    });
  });

  it('pages in SQL: the count is of every match, a page past the end is empty', async () => {
    const second = await lots(`productItemId=${itemId}&page=2&size=1`);
    expect(codes(second)).toEqual(['P-5']);
    expect(second).toMatchObject({ page: 2, size: 1, count: 4, totalPages: 4 });
    expect(codes(await lots(`productItemId=${itemId}&page=5&size=1`))).toEqual([]);
  });

  it.each([
    ['expiringWithinDays=7', ['İZMİR-3']],
    ['expiringWithinDays=30', ['İZMİR-3', 'P-20']],
    ['expired=true', ['P-OLD']],
    [`warehouseId=${2}`, ['P-20']],
    ['inStock=true', ['P-OLD', 'İZMİR-3', 'P-20']],
    ['code=izmir', ['İZMİR-3']],
    ['q=tulum', ['İZMİR-3', '']],
    ['q=p-2', ['P-20']],
  ])('filters by %s', async (query, expected) => {
    expect(codes(await lots(query.replace('warehouseId=2', `warehouseId=${depo2}`)))).toEqual(expected);
  });

  it.each([
    ['expiringWithinDays=0', 'expiringWithinDays'],
    ['expiringWithinDays=yedi', 'expiringWithinDays'],
    ['size=201', 'size'],
    ['expired=belki', 'expired'],
  ])('refuses %s with 400 on the field', async (query, field) => {
    const response = await w.call('GET', `/lots?${query}`, undefined, w.warehouse);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json.error.field).toBe(field);
  });

  it('opens to the stock, goods and shipment managers only', async () => {
    expect((await w.call('GET', '/lots', undefined, w.office)).statusCode).toBe(200);
    expect((await w.call('GET', '/lots', undefined, w.sales)).statusCode).toBe(403);
    expect((await w.call('GET', `/lots/${lot['P-5']}/trace`, undefined, w.manager)).statusCode).toBe(403);
  });
});

describe('GET /api/lots/{id}/trace', () => {
  it('names every buyer and delivery point the lot was loaded for, delivered or not, with its totals', async () => {
    const answer = await trace(lot['P-5']!);
    expect(answer.lot).toMatchObject({ id: lot['P-5'], code: 'P-5', onHand: 0 });
    expect(answer.loads).toHaveLength(2);
    const [later, earlier] = answer.loads;
    expect(earlier).toMatchObject({
      pieces: 12,
      delivered: true,
      warehouse: { name: 'DEPO1' },
      shipment: { id: delivered.shipmentId, status: { name: 'DELIVERED', label: 'Teslim Edildi' } },
      order: { id: delivered.orderId },
      buyer: { id: w.buyerId },
      deliveryPoint: { id: w.branchId, code: 'MERKEZ' },
    });
    expect(later).toMatchObject({
      pieces: 6,
      delivered: false,
      shipment: { id: onTruck.shipmentId, status: { name: 'LOADING' } },
      order: { id: onTruck.orderId },
    });
    expect(answer.totals).toEqual({
      produced: 18,
      onHand: 0,
      shipped: 18,
      delivered: 12,
      returned: 0,
      disposed: 0,
    });
  });

  it('counts returned goods and disposal apart from what was received', async () => {
    const answer = await trace(lot['P-OLD']!);
    expect(answer.loads).toEqual([]);
    expect(answer.totals).toEqual({
      produced: 0,
      onHand: 3,
      shipped: 0,
      delivered: 0,
      returned: 4,
      disposed: 1,
    });
    expect((await trace(lot['P-20']!)).totals).toMatchObject({ produced: 36, onHand: 36, shipped: 0 });
  });

  it('answers 404 for an unknown lot and 400 for a bad id', async () => {
    const missing = await w.call('GET', '/lots/999999/trace', undefined, w.warehouse);
    expect(missing.statusCode).toBe(404);
    expect(missing.json.error.message).toBe('Parti bulunamadı.');
    expect((await w.call('GET', '/lots/abc/trace', undefined, w.warehouse)).statusCode).toBe(400);
  });

  it('prints the recall list as a PDF download named for the lot', async () => {
    const response = await w.call('GET', `/lots/${lot['P-5']}/trace.pdf`, undefined, w.office);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(response.headers['content-disposition'])).toContain(
      encodeURIComponent('Geri Çağırma Listesi P-5'),
    );
    expect((await w.call('GET', '/lots/999999/trace.pdf', undefined, w.office)).statusCode).toBe(404);
  });
});

describe('expiry work cards', () => {
  const cards = async (token: string) =>
    (
      ok(await w.call('GET', '/dashboard/my-work', undefined, token), 'my-work').json.data as {
        key: string;
        count: number;
        relativePath: string;
      }[]
    ).filter((card) => card.key.startsWith('LOTS_'));

  it('gives the stock handlers the lots expiring soon and the expired stock, as the filtered list counts them', async () => {
    const [expiring, expired] = await cards(w.warehouse);
    expect(expiring).toMatchObject({
      key: 'LOTS_EXPIRING',
      label: 'Son kullanma tarihi yaklaşan partiler',
      count: 1,
      relativePath: '/parti-takibi?expiringWithinDays=7',
    });
    expect(expired).toMatchObject({
      key: 'LOTS_EXPIRED_ON_HAND',
      label: 'Süresi geçmiş stok',
      count: 1,
      relativePath: '/parti-takibi?expired=true',
    });
    expect((await lots('expiringWithinDays=7')).count).toBe(expiring!.count);
    expect((await lots('expired=true')).count).toBe(expired!.count);
    // The back office reads the recall screen but moves no stock: no expiry cards.
    expect(await cards(w.office)).toEqual([]);
  });

  it('looks as far ahead as EXPIRY_WARNING_DAYS says', async () => {
    const { myWork } = await import('../dashboard/my-work.service.ts');
    const actor = { userId: 0, userName: 't', roles: [], privileges: new Set<never>(), isSuperAdmin: true };
    const work = await myWork(w.t.db, actor, new Date(), { expiryWarningDays: 30 });
    expect(work.find((card) => card.key === 'LOTS_EXPIRING')).toMatchObject({
      count: 2,
      relativePath: '/parti-takibi?expiringWithinDays=30',
    });
  });
});
