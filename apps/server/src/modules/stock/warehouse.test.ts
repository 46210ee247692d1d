import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/builders/product-test-data.ts';
import { lineIn, stockedItem } from '../../../test/builders/stock-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let staff: string;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenWithRoles(['WAREHOUSE_ADMIN']);
  staff = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
});
afterAll(() => t.close());

const create = (payload: object, token = admin) =>
  t.call(token, { method: 'POST', url: '/api/warehouses', payload });
const get = (url: string, token = admin) => t.call(token, { method: 'GET', url: `/api${url}` });

const IZMIR = {
  shortName: 'İzmir Soğuk Hava',
  description: 'Ege bölge deposu',
  address: 'Kemalpaşa OSB, İzmir',
  phone: '0232 555 11 22',
  capacityInM3: 1200,
  warehouseType: 'COLD_STORAGE_MINUS_18',
  surfaceAreaInSquareMeters: 450.5,
  latitude: 38.4237,
  longitude: 27.1428,
};

describe('GET /warehouses', () => {
  it('lists the four seeded stock locations DEPO1…DEPO4', async () => {
    const response = await get('/warehouses');
    expect(response.statusCode).toBe(200);
    expect(
      response.json.data.slice(0, 4).map((w: { name: string; shortName: string }) => [w.name, w.shortName]),
    ).toEqual([
      ['DEPO1', 'Depo-1'],
      ['DEPO2', 'Depo-2'],
      ['DEPO3', 'Depo-3'],
      ['DEPO4', 'Depo-4'],
    ]);
    expect(response.json.data[0]).toMatchObject({
      warehouseType: 'COLD_STORAGE',
      warehouseTypeDescription: { name: 'COLD_STORAGE', label: 'Soğuk Hava Deposu' },
      estimatedOccupancyRate: 0,
    });
  });
});

describe('POST /warehouses', () => {
  it('creates a warehouse named DEPO{id} and gives every item a line in it', async () => {
    const item = await stockedItem(t, sales);
    const response = await create(IZMIR);
    expect(response.statusCode).toBe(200);
    const created = response.json.data;
    expect(created).toMatchObject({ ...IZMIR, name: `DEPO${created.id}`, estimatedOccupancyRate: 0 });
    expect(created.id).toBeGreaterThan(4);

    const refreshed = await get(`/product-item/${item.id}`, staff);
    expect(lineIn(refreshed.json.data, created.name).quantity).toBe(0);
    const names = await get('/warehouses/names', staff);
    expect(names.json.data).toContainEqual({ id: created.id, name: created.name, label: 'İzmir Soğuk Hava' });

    // An item defined after the warehouse gets its line too.
    const later = await stockedItem(t, sales);
    expect(later.stocks.map((line) => line.wareHouse.name)).toContain(created.name);
  });

  it('applies the form defaults: capacity 0, surface area 1, type COLD_STORAGE', async () => {
    const response = await create({ shortName: 'Ek Depo' });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      capacityInM3: 0,
      surfaceAreaInSquareMeters: 1,
      warehouseType: 'COLD_STORAGE',
      latitude: null,
      longitude: null,
      description: '',
    });
  });

  it.each([
    ['no short name', { shortName: '  ' }, 'shortName', /zorunludur/],
    ['a negative capacity', { capacityInM3: -1 }, 'capacityInM3', /0 veya daha büyük/],
    ['a surface area under 1', { surfaceAreaInSquareMeters: 0.5 }, 'surfaceAreaInSquareMeters', /en az 1/],
    ['an unknown type', { warehouseType: 'FREEZER' }, 'warehouseType', /./],
    ['a latitude off the globe', { latitude: 91 }, 'latitude', /-90 ile 90/],
    ['text for a capacity', { capacityInM3: 'çok' }, 'capacityInM3', /sayı olmalıdır/],
    [
      'a capacity finer than the stored cents',
      { capacityInM3: 12.345 },
      'capacityInM3',
      /en fazla 2 ondalık/,
    ],
    ['letters for a phone', { phone: 'abc' }, 'phone', /yalnızca rakam/],
    ['a phone of too few digits', { phone: '12-34' }, 'phone', /en az 7 rakam/],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_name, override, field, message) => {
    const before = await countRows(t, 'warehouses');
    const linesBefore = await countRows(t, 'stock_lines');
    const response = await create({ ...IZMIR, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.code).toBe('VALIDATION');
    expect(response.json.error.field).toBe(field);
    expect(response.json.error.message).toMatch(message);
    expect(await countRows(t, 'warehouses')).toBe(before);
    expect(await countRows(t, 'stock_lines')).toBe(linesBefore);
  });

  it('is for warehouse admins only', async () => {
    expect(
      (await t.call(undefined, { method: 'POST', url: '/api/warehouses', payload: IZMIR })).statusCode,
    ).toBe(401);
    expect((await create(IZMIR, staff)).statusCode).toBe(403);
    expect((await get('/warehouses', sales)).statusCode).toBe(403);
  });

  it('lists them for the shipment form of the back office, which may not create one', async () => {
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const listed = await get('/warehouses', office);
    expect(listed.statusCode).toBe(200);
    expect(listed.json.data.map((w: { name: string }) => w.name)).toContain('DEPO1');
    expect((await create({ shortName: 'Ofis Deposu' }, office)).statusCode).toBe(403);
  });
});

describe('occupancy', () => {
  /** The listed occupancy of a new warehouse after ten pieces of an item of this size come in. */
  async function occupancyWithTenPieces(
    capacityInM3: number,
    size: { width: number; length: number; height: number },
  ): Promise<number> {
    const warehouse = (await create({ shortName: `Depo ${capacityInM3} m³`, capacityInM3 })).json.data;
    const item = await stockedItem(t, sales, size);
    const line = lineIn((await get(`/product-item/${item.id}`, staff)).json.data, warehouse.name);
    await t.call(staff, {
      method: 'PUT',
      url: '/api/product-item/stock-import',
      payload: { id: line.id, importedQuantity: 10, stockOperationType: 'PRODUCTION_INBOUND' },
    });
    const listed = (await get('/warehouses')).json.data.find((w: { id: number }) => w.id === warehouse.id);
    return listed.estimatedOccupancyRate;
  }

  it('is the stored volume of the stock over the capacity, in percent', async () => {
    // 50 × 40 × 25 cm = 0.05 m³ a piece; 10 pieces = 0.5 m³ = 25 % of 2 m³.
    expect(await occupancyWithTenPieces(2, { width: 50, length: 40, height: 25 })).toBe(25);
  });

  it('counts a little stock in a large warehouse instead of rounding it away to 0', async () => {
    // 20 × 12 × 8 cm = 0.00192 m³ a piece; 10 pieces = 0.0192 m³ = 0.0192 % of 100 m³.
    expect(await occupancyWithTenPieces(100, { width: 20, length: 12, height: 8 })).toBe(0.02);
  });
});

describe('GET /warehouses/names and /dashboard/warehouse-count', () => {
  it('names the stock locations for the stock screens and counts them for the back office', async () => {
    const names = await get('/warehouses/names', staff);
    expect(names.statusCode).toBe(200);
    expect(names.json.data[0]).toEqual({ id: 1, name: 'DEPO1', label: 'Depo-1' });
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const counted = await get('/dashboard/warehouse-count', office);
    expect(counted.json.data).toBe(await countRows(t, 'warehouses'));
    expect((await get('/dashboard/warehouse-count', admin)).statusCode).toBe(403);
  });

  it('counts the items with stock somewhere, for the first step "stock entered"', async () => {
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const before = (await get('/dashboard/stocked-item-count', office)).json.data as number;
    const item = await stockedItem(t, sales);
    // A new item has empty lines: nothing entered yet.
    expect((await get('/dashboard/stocked-item-count', office)).json.data).toBe(before);
    await t.db.execute(sql`update stock_lines set quantity = 5 where id = ${lineIn(item, 'DEPO2').id}`);
    await t.db.execute(sql`update stock_lines set quantity = 3 where id = ${lineIn(item, 'DEPO1').id}`);
    expect((await get('/dashboard/stocked-item-count', office)).json.data).toBe(before + 1);
    expect((await get('/dashboard/stocked-item-count', staff)).statusCode).toBe(403);
  });
});
