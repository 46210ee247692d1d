import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from '../../../test/builders/buyer-test-data.ts';
import { countRows } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let office: string;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let other: Awaited<ReturnType<typeof createBuyer>>;

beforeAll(async () => {
  t = await createTestApp();
  office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
  const accounting = await t.tokenWithRoles(['ACCOUNTING_MANAGER']);
  buyer = await createBuyer(t, accounting, { title: 'Balıkesir Gıda Pazarlama' });
  other = await createBuyer(t, accounting, { title: 'İzmir Şarküteri' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = office) =>
  t.call(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });

const depot = (overrides: object = {}) => ({
  buyerId: buyer.id,
  code: 'D-01',
  title: 'Merkez Depo',
  latitude: 39.648369,
  longitude: 27.88261,
  ...overrides,
});

describe('POST /buyers/warehouses', () => {
  it("creates a delivery point, copying the buyer's title whatever the client sent", async () => {
    const response = await call('POST', '/buyers/warehouses', depot({ buyerTitle: 'Uydurma Ünvan' }));
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      id: expect.any(Number),
      ...depot(),
      buyerTitle: 'Balıkesir Gıda Pazarlama',
      // The buyer's code and the province of the coordinates, for the pickers that name the depot.
      buyerCode: buyer.code,
      city: 'Balıkesir',
      version: 1,
    });
    expect((await call('GET', '/buyers/warehouses')).json.data).toContainEqual(response.json.data);
  });

  it('takes the buyer id as text, as a select sends it, and a warehouse without a location', async () => {
    const response = await call(
      'POST',
      '/buyers/warehouses',
      depot({ buyerId: String(other.id), code: 'D-02', latitude: undefined, longitude: undefined }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      buyerId: other.id,
      latitude: null,
      longitude: null,
      city: null,
    });
  });

  it.each([
    [{ buyerId: undefined }, 'Müşteri zorunludur.'],
    [{ code: '' }, 'Kod boş bırakılamaz.'],
    [{ title: undefined }, 'Ünvan zorunludur.'],
    [{ latitude: 91 }, 'Enlem -90 ile 90 arasında olmalıdır.'],
    [{ longitude: null }, 'Boylam: Enlem ve boylam birlikte girilmelidir.'],
    [{ buyerId: 999_999, code: 'D-X' }, 'Müşteri bulunamadı: 999999 numaralı müşteri kayıtlı değil.'],
  ])('refuses %o with 400 naming the field, and writes nothing', async (override, message) => {
    const before = await countRows(t, 'buyer_warehouses');
    const response = await call('POST', '/buyers/warehouses', depot({ code: 'D-NEW', ...override }));
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe(message);
    expect(await countRows(t, 'buyer_warehouses')).toBe(before);
  });

  it("refuses a code the buyer already uses with 409, while another buyer's may repeat it", async () => {
    const response = await call('POST', '/buyers/warehouses', depot());
    expect(response.statusCode).toBe(409);
    expect(response.json.error.message).toBe("Bu müşterinin 'D-01' kodlu bir deposu zaten kayıtlı.");
    expect((await call('POST', '/buyers/warehouses', depot({ buyerId: other.id }))).statusCode).toBe(200);
  });
});

describe('PUT /buyers/warehouses', () => {
  it('moves the warehouse to another point and another buyer', async () => {
    const created = (await call('POST', '/buyers/warehouses', depot({ code: 'D-MOVE' }))).json.data;
    const response = await call('PUT', '/buyers/warehouses', {
      ...created,
      buyerId: other.id,
      title: 'Şube Deposu',
      latitude: 38.423734,
      longitude: 27.142826,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      id: created.id,
      buyerId: other.id,
      buyerTitle: 'İzmir Şarküteri',
      code: 'D-MOVE',
      title: 'Şube Deposu',
      latitude: 38.423734,
      longitude: 27.142826,
      buyerCode: other.code,
      city: 'İzmir',
      version: 2,
    });
  });

  it('answers 404 for an unknown warehouse', async () => {
    expect(
      (await call('PUT', '/buyers/warehouses', { ...depot({ code: 'D-404' }), id: 55_555 })).statusCode,
    ).toBe(404);
  });
});

describe('GET /buyers/warehouses', () => {
  it("lists one buyer's warehouses with ?buyerId", async () => {
    const list = (await call('GET', `/buyers/warehouses?buyerId=${other.id}`)).json.data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((w: { buyerId: number }) => w.buyerId === other.id)).toBe(true);
  });

  it('answers 401 without a token and 403 to the accounting manager', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/buyers/warehouses' })).statusCode).toBe(401);
    const accounting = await t.tokenWithRoles(['ACCOUNTING_MANAGER']);
    expect((await call('GET', '/buyers/warehouses', undefined, accounting)).statusCode).toBe(403);
    expect((await call('POST', '/buyers/warehouses', depot({ code: 'D-403' }), accounting)).statusCode).toBe(
      403,
    );
  });
});
