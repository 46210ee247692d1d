import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle, MILK_API, milkRowCounts, uniquePlate } from '../../../test/builders/milk-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const URL = `${MILK_API}/vehicles`;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenWithRoles(['ORDER_MANAGER']);
});
afterAll(() => t.close());

const post = (payload: object, as = token) => t.call(as, { method: 'POST', url: URL, payload });
const put = (payload: object) => t.call(token, { method: 'PUT', url: URL, payload });

describe('milk vehicles', () => {
  it('creates a vehicle and computes its total volume, ignoring the total that was sent', async () => {
    const plate = uniquePlate();
    const response = await post({
      licencePlateCode: plate,
      brand: 'Mercedes',
      model: 'Axor',
      productionYear: 2018,
      yearOfPurchase: 2019,
      tankerCount: 3,
      tankerVolumePerUnit: 1000.5,
      totalVolume: 5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      id: expect.any(Number),
      licencePlateCode: plate,
      brand: 'Mercedes',
      model: 'Axor',
      productionYear: 2018,
      yearOfPurchase: 2019,
      tankerCount: 3,
      tankerVolumePerUnit: 1000.5,
      totalVolume: 3001.5,
      version: 1,
    });
    const read = await t.call(token, { method: 'GET', url: `${URL}/${response.json.data.id}` });
    expect(read.json.data).toEqual(response.json.data);
    const list = await t.call(token, { method: 'GET', url: URL });
    expect(list.json.data).toContainEqual(response.json.data);
  });

  it('counts missing numbers as 0 and missing years as unknown', async () => {
    const response = await post({ licencePlateCode: uniquePlate(), tankerCount: null });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      brand: '',
      productionYear: null,
      tankerCount: 0,
      tankerVolumePerUnit: 0,
      totalVolume: 0,
    });
  });

  it('recomputes the total on update', async () => {
    const vehicle = await createVehicle(t, token, { tankerCount: 2, tankerVolumePerUnit: 5000 });
    const response = await put({ ...vehicle, tankerCount: 4, tankerVolumePerUnit: 2500.5, totalVolume: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ id: vehicle.id, tankerCount: 4, totalVolume: 10002 });
  });

  it('writes plates in upper case with single spaces', async () => {
    const response = await post({ licencePlateCode: '  34   ıst 42 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json.data.licencePlateCode).toBe('34 IST 42');
  });

  it('refuses a plate another vehicle has, also written without spaces, with 409', async () => {
    const vehicle = await createVehicle(t, token);
    const before = await milkRowCounts(t);
    const response = await post({ licencePlateCode: vehicle.licencePlateCode.replaceAll(' ', '') });
    expect(response.statusCode).toBe(409);
    expect(response.json.error).toEqual({
      code: 'DUPLICATE',
      message: `'${vehicle.licencePlateCode.replaceAll(' ', '')}' plakalı bir süt aracı zaten kayıtlı.`,
    });
    expect(await milkRowCounts(t)).toEqual(before);

    const other = await createVehicle(t, token);
    const renamed = await put({ ...other, licencePlateCode: vehicle.licencePlateCode });
    expect(renamed.statusCode).toBe(409);
    const kept = await t.call(token, { method: 'GET', url: `${URL}/${other.id}` });
    expect(kept.json.data.licencePlateCode).toBe(other.licencePlateCode);
  });

  it('lets a vehicle keep its own plate on update', async () => {
    const vehicle = await createVehicle(t, token);
    const response = await put({ ...vehicle, brand: 'Iveco' });
    expect(response.statusCode).toBe(200);
    expect(response.json.data.brand).toBe('Iveco');
  });

  it.each([
    [{ tankerVolumePerUnit: -1 }, 'Tank hacmi: Hacim negatif olamaz.'],
    [{ tankerVolumePerUnit: 10.25 }, 'Tank hacmi: Hacim en fazla bir ondalık basamakla girilmelidir'],
    [{ tankerVolumePerUnit: 'çok' }, 'Tank hacmi sayı olmalıdır.'],
    [{ tankerVolumePerUnit: 1_000_000 }, 'Tank hacmi: Hacim en fazla 100000 litre olabilir.'],
    [{ tankerCount: 1.5 }, 'Tank sayısı tam sayı olmalıdır.'],
    [{ tankerCount: -2 }, 'Tank sayısı negatif olamaz.'],
    [{ licencePlateCode: '   ' }, 'Plaka boş bırakılamaz.'],
    [{ licencePlateCode: undefined }, 'Plaka zorunludur.'],
    [{ productionYear: 2020, yearOfPurchase: 2019 }, 'Satın alma yılı üretim yılından önce'],
    [{ productionYear: 1800 }, 'Üretim yılı: Geçerli bir yıl giriniz.'],
  ])('refuses %o with 400 naming the field and writes nothing', async (change, message) => {
    const before = await milkRowCounts(t);
    const response = await post({ licencePlateCode: uniquePlate(), tankerCount: 1, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json.success).toBe(false);
    expect(response.json.error.code).toBe('VALIDATION');
    expect(response.json.error.message).toContain(message);
    expect(await milkRowCounts(t)).toEqual(before);
  });

  it('refuses an update without id with 400 and one with an unknown id with 404', async () => {
    const noId = await put({ licencePlateCode: uniquePlate() });
    expect(noId.statusCode).toBe(400);
    expect(noId.json.error.message).toBe('Kayıt numarası zorunludur.');
    const unknown = await put({ id: 999_999, licencePlateCode: uniquePlate() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json.error).toEqual({ code: 'NOT_FOUND', message: 'Süt aracı bulunamadı.' });
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    expect((await t.call(token, { method: 'GET', url: `${URL}/999999` })).statusCode).toBe(404);
    const bad = await t.call(token, { method: 'GET', url: `${URL}/abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'VALIDATION', field: 'id' });
  });

  it('asks for a token (401) and for the milk vehicle privilege (403)', async () => {
    expect((await t.call(undefined, { method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.call('nope', { method: 'GET', url: URL })).statusCode).toBe(401);
    const before = await milkRowCounts(t);
    const anonymous = await t.call(undefined, {
      method: 'POST',
      url: URL,
      payload: { licencePlateCode: uniquePlate() },
    });
    expect(anonymous.statusCode).toBe(401);
    const sales = await t.tokenWithRoles(['SALES_ADMIN']);
    expect((await t.call(sales, { method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await post({ licencePlateCode: uniquePlate() }, sales)).statusCode).toBe(403);
    expect(await milkRowCounts(t)).toEqual(before);
  });
});
