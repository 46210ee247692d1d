import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDelivery,
  createDriver,
  createVehicle,
  MILK_API,
  milkRowCounts,
} from '../../../test/builders/milk-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';

const URL = `${MILK_API}/deliveries`;
let t: TestApp;
let token: string;
let vehicle: { id: number; licencePlateCode: string };
let driver: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenWithRoles(['ORDER_MANAGER']);
  vehicle = await createVehicle(t, token);
  driver = await createDriver(t, token, { name: 'Mustafa', surname: 'Koç' });
});
afterAll(() => t.close());

const post = (payload: object) => t.call(token, { method: 'POST', url: URL, payload });
const put = (payload: object) => t.call(token, { method: 'PUT', url: URL, payload });
const list = async (query = '') => {
  const response = await t.call(token, { method: 'GET', url: `${URL}${query}` });
  expect(response.statusCode).toBe(200);
  return response.json.data;
};

describe('milk deliveries', () => {
  it('records a delivery with the plate and the driver name, in Istanbul time', async () => {
    const response = await post({
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: driver.id,
      deliveredCowMilkVolume: 1250.5,
      deliveredSheepMilkVolume: 320,
      deliveredGoatMilkVolume: 85.2,
      deliveryDateTime: '2026-10-05T06:45',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      id: expect.any(Number),
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: driver.id,
      deliveredCowMilkVolume: 1250.5,
      deliveredSheepMilkVolume: 320,
      deliveredGoatMilkVolume: 85.2,
      deliveryDateTime: '2026-10-05T06:45:00+03:00',
      licencePlateCode: vehicle.licencePlateCode,
      driverFullName: 'Mustafa Koç',
    });
    const read = await t.call(token, { method: 'GET', url: `${URL}/${response.json.data.id}` });
    expect(read.json.data).toEqual(response.json.data);
  });

  it('reads a date-time with an offset as that instant', async () => {
    const delivery = await createDelivery(t, token, {
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: driver.id,
      deliveryDateTime: '2026-10-05T15:30:00.000Z',
    });
    expect(delivery.deliveryDateTime).toBe('2026-10-05T18:30:00+03:00');
  });

  it('records 0 litres and now when the volumes and the time are left out', async () => {
    const before = Date.now();
    const delivery = await createDelivery(t, token, {
      milkVehicleId: String(vehicle.id) as unknown as number,
      milkVehicleDriverId: driver.id,
    });
    expect(delivery).toMatchObject({
      deliveredCowMilkVolume: 0,
      deliveredSheepMilkVolume: 0,
      deliveredGoatMilkVolume: 0,
    });
    expect(Math.abs(Date.parse(delivery.deliveryDateTime) - before)).toBeLessThan(60_000);
  });

  it('refuses an unknown vehicle or driver with 422 and writes nothing', async () => {
    const before = await milkRowCounts(t);
    const noVehicle = await post({ milkVehicleId: 987654, milkVehicleDriverId: driver.id });
    expect(noVehicle.statusCode).toBe(422);
    expect(noVehicle.json.error).toEqual({
      code: 'BUSINESS_RULE',
      message: 'Seçilen süt aracı (987654) bulunamadı.',
    });
    const noDriver = await post({ milkVehicleId: vehicle.id, milkVehicleDriverId: 987654 });
    expect(noDriver.statusCode).toBe(422);
    expect(noDriver.json.error.message).toBe('Seçilen şoför (987654) bulunamadı.');
    expect(await milkRowCounts(t)).toEqual(before);
  });

  it('writes one audit entry listing the delivery as it answers it', async () => {
    const delivery = await createDelivery(t, token, {
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: driver.id,
      deliveredCowMilkVolume: 410.5,
      deliveryDateTime: '2026-10-06T07:15',
    });
    const entries = await rowsOf<{ action: string; changes: unknown }>(
      t.db,
      sql`select action, changes from audit_entries
           where entity_type = 'MILK_DELIVERY' and entity_id = ${delivery.id}`,
    );
    expect(entries).toEqual([
      {
        action: 'CREATE',
        changes: [
          { field: 'id', before: null, after: delivery.id },
          { field: 'milkVehicleId', before: null, after: vehicle.id },
          { field: 'milkVehicleDriverId', before: null, after: driver.id },
          { field: 'deliveredCowMilkVolume', before: null, after: 410.5 },
          { field: 'deliveredSheepMilkVolume', before: null, after: 0 },
          { field: 'deliveredGoatMilkVolume', before: null, after: 0 },
          { field: 'deliveryDateTime', before: null, after: '2026-10-06T07:15:00+03:00' },
          { field: 'licencePlateCode', before: null, after: vehicle.licencePlateCode },
          { field: 'driverFullName', before: null, after: 'Mustafa Koç' },
        ],
      },
    ]);
  });

  it('names an unknown vehicle before an unknown driver, and either before a time ahead', async () => {
    const before = await milkRowCounts(t);
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const both = await post({ milkVehicleId: 987654, milkVehicleDriverId: 987655, deliveryDateTime: ahead });
    expect(both.statusCode).toBe(422);
    expect(both.json.error.message).toBe('Seçilen süt aracı (987654) bulunamadı.');
    const noDriver = await post({
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: 987655,
      deliveryDateTime: ahead,
    });
    expect(noDriver.json.error.message).toBe('Seçilen şoför (987655) bulunamadı.');
    expect(await milkRowCounts(t)).toEqual(before);
  });

  it('refuses a delivery dated days ahead with 422 and writes nothing', async () => {
    const before = await milkRowCounts(t);
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const response = await post({
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: driver.id,
      deliveryDateTime: ahead,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json.error.message).toBe('Teslimat zamanı ileri bir tarih olamaz.');
    expect(await milkRowCounts(t)).toEqual(before);
  });

  it.each([
    [{ deliveredCowMilkVolume: -5 }, 'İnek sütü: Hacim negatif olamaz.'],
    [{ deliveredSheepMilkVolume: 12.34 }, 'Koyun sütü: Hacim en fazla bir ondalık'],
    [{ deliveredGoatMilkVolume: 'yirmi' }, 'Keçi sütü sayı olmalıdır.'],
    [{ deliveredCowMilkVolume: 250_000 }, 'İnek sütü: Hacim en fazla 100000 litre olabilir.'],
    [{ deliveryDateTime: '2026-13-01T08:00' }, 'Teslimat zamanı: Geçerli bir tarih ve saat giriniz'],
    [{ deliveryDateTime: 'dün akşam' }, 'Teslimat zamanı: Geçerli bir tarih ve saat giriniz'],
    [{ milkVehicleId: undefined }, 'Süt aracı zorunludur.'],
    [{ milkVehicleId: 0 }, 'Süt aracı seçiniz.'],
    [{ milkVehicleDriverId: 'abc' }, 'Şoför seçiniz.'],
  ])('refuses %o with 400 naming the field and writes nothing', async (change, message) => {
    const before = await milkRowCounts(t);
    const response = await post({ milkVehicleId: vehicle.id, milkVehicleDriverId: driver.id, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.code).toBe('VALIDATION');
    expect(response.json.error.message).toContain(message);
    expect(await milkRowCounts(t)).toEqual(before);
  });

  it('corrects a delivery, and answers 404 for an unknown one', async () => {
    const delivery = await createDelivery(t, token, {
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: driver.id,
      deliveredCowMilkVolume: 100,
      deliveryDateTime: '2026-10-06T07:00',
    });
    const other = await createVehicle(t, token);
    const response = await put({
      ...delivery,
      milkVehicleId: other.id,
      deliveredCowMilkVolume: 110.5,
      deliveryDateTime: delivery.deliveryDateTime,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      ...delivery,
      milkVehicleId: other.id,
      licencePlateCode: other.licencePlateCode,
      deliveredCowMilkVolume: 110.5,
    });
    const unknown = await put({ ...delivery, id: 777_777 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json.error.message).toBe('Süt teslimatı bulunamadı.');
    expect((await t.call(token, { method: 'GET', url: `${URL}/777777` })).statusCode).toBe(404);
  });

  it('asks for a token (401) and for the milk delivery privilege (403)', async () => {
    const before = await milkRowCounts(t);
    const body = { milkVehicleId: vehicle.id, milkVehicleDriverId: driver.id };
    expect((await t.call(undefined, { method: 'POST', url: URL, payload: body })).statusCode).toBe(401);
    const sales = await t.tokenWithRoles(['SALES_ADMIN']);
    expect((await t.call(sales, { method: 'POST', url: URL, payload: body })).statusCode).toBe(403);
    expect((await t.call(sales, { method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await t.call(sales, { method: 'GET', url: `${MILK_API}/summary` })).statusCode).toBe(403);
    expect(await milkRowCounts(t)).toEqual(before);
  });
});

describe('a role that only enters deliveries', () => {
  it('reads the vehicles and drivers for its selects but cannot change them', async () => {
    const role = await t.call(await t.adminToken(), {
      method: 'POST',
      url: '/api/acl/roles',
      payload: { key: 'SUT_KAYIT', label: 'Süt Kayıt', privileges: ['MILK_DELIVERY_MANAGEMENT'] },
    });
    expect(role.statusCode).toBe(200);
    const clerk = await t.tokenWithRoles(['SUT_KAYIT']);
    const get = (url: string) => t.call(clerk, { method: 'GET', url: `${MILK_API}${url}` });
    expect((await get('/vehicles')).statusCode).toBe(200);
    expect((await get(`/vehicles/${vehicle.id}`)).json.data.id).toBe(vehicle.id);
    expect((await get('/drivers')).statusCode).toBe(200);
    expect((await get(`/drivers/${driver.id}`)).statusCode).toBe(200);
    expect((await get('/summary')).statusCode).toBe(200);
    const write = await t.call(clerk, {
      method: 'POST',
      url: `${MILK_API}/vehicles`,
      payload: { licencePlateCode: '06 KYT 01' },
    });
    expect(write.statusCode).toBe(403);
    const driverWrite = await t.call(clerk, {
      method: 'PUT',
      url: `${MILK_API}/drivers`,
      payload: { id: driver.id, name: 'X', surname: 'Y' },
    });
    expect(driverWrite.statusCode).toBe(403);
  });
});

describe('the delivery list', () => {
  let truck: { id: number };
  let tanker: { id: number };
  let ali: { id: number };
  let zeynep: { id: number };

  beforeAll(async () => {
    truck = await createVehicle(t, token);
    tanker = await createVehicle(t, token);
    ali = await createDriver(t, token, { name: 'Ali', surname: 'Kaya' });
    zeynep = await createDriver(t, token, { name: 'Zeynep', surname: 'Ak' });
    const at = (day: string, time: string, vehicleId: number, driverId: number) =>
      createDelivery(t, token, {
        milkVehicleId: vehicleId,
        milkVehicleDriverId: driverId,
        deliveredCowMilkVolume: 100,
        deliveryDateTime: `${day}T${time}`,
      });
    await at('2026-09-01', '06:00', truck.id, ali.id);
    // 00:10 in Istanbul is still the evening before in UTC: it belongs to 2 September here.
    await at('2026-09-02', '00:10', truck.id, zeynep.id);
    await at('2026-09-02', '23:50', tanker.id, ali.id);
    await at('2026-09-03', '06:00', tanker.id, zeynep.id);
  });

  const days = (rows: { deliveryDateTime: string }[]) => rows.map((row) => row.deliveryDateTime.slice(0, 16));

  it('filters by whole Istanbul days, both ends included, newest first', async () => {
    expect(days(await list('?from=2026-09-02&to=2026-09-02'))).toEqual([
      '2026-09-02T23:50',
      '2026-09-02T00:10',
    ]);
    expect(days(await list('?from=2026-09-01&to=2026-09-03'))).toEqual([
      '2026-09-03T06:00',
      '2026-09-02T23:50',
      '2026-09-02T00:10',
      '2026-09-01T06:00',
    ]);
    expect(await list('?from=2026-09-04&to=2026-09-04')).toEqual([]);
  });

  it('filters by vehicle and by driver', async () => {
    const range = 'from=2026-09-01&to=2026-09-03';
    expect(days(await list(`?${range}&milkVehicleId=${truck.id}`))).toEqual([
      '2026-09-02T00:10',
      '2026-09-01T06:00',
    ]);
    expect(days(await list(`?${range}&milkVehicleDriverId=${ali.id}`))).toEqual([
      '2026-09-02T23:50',
      '2026-09-01T06:00',
    ]);
    expect(days(await list(`?${range}&milkVehicleId=${tanker.id}&milkVehicleDriverId=${ali.id}`))).toEqual([
      '2026-09-02T23:50',
    ]);
  });

  it('treats empty filters as none', async () => {
    const all = await list();
    expect(await list('?from=&to=&milkVehicleId=')).toEqual(all);
    const stamps = all.map((row: { deliveryDateTime: string }) => Date.parse(row.deliveryDateTime));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });

  it('pages when asked', async () => {
    const page = await list('?from=2026-09-01&to=2026-09-03&page=2&size=3');
    expect(page).toMatchObject({ page: 2, size: 3, count: 4, totalPages: 2 });
    expect(days(page.deliveries)).toEqual(['2026-09-01T06:00']);
    const first = await list('?from=2026-09-01&to=2026-09-03&size=3');
    expect(first.page).toBe(1);
    expect(first.deliveries).toHaveLength(3);
  });

  it.each([
    ['?from=2026-09-31', 'Başlangıç tarihi: Geçerli bir tarih giriniz (YYYY-AA-GG).'],
    ['?from=2026-09-05&to=2026-09-01', 'Bitiş tarihi başlangıç tarihinden önce olamaz.'],
    ['?milkVehicleId=x', 'Süt aracı: Geçerli bir süt aracı numarası giriniz.'],
    ['?page=0', 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır.'],
    ['?size=1000', 'Sayfa boyutu en fazla 500 olabilir.'],
  ])('refuses the query %s with 400 naming the parameter', async (query, message) => {
    const response = await t.call(token, { method: 'GET', url: `${URL}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe(message);
  });
});
