import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDriver, MILK_API, milkRowCounts, VALID_TCKN } from '../../../test/builders/milk-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const URL = `${MILK_API}/drivers`;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenWithRoles(['ORDER_MANAGER']);
});
afterAll(() => t.close());

const post = (payload: object) => t.call(token, { method: 'POST', url: URL, payload });
const put = (payload: object) => t.call(token, { method: 'PUT', url: URL, payload });

describe('milk vehicle drivers', () => {
  it('creates a driver with trimmed names and reads it back', async () => {
    const response = await post({
      name: '  Ayşe ',
      surname: ' Kılıç',
      gender: 'Kadın',
      dateOfBirth: '1985-09-30',
      phone: '0533 444 55 66',
      tckn: VALID_TCKN,
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      id: expect.any(Number),
      name: 'Ayşe',
      surname: 'Kılıç',
      gender: 'Kadın',
      dateOfBirth: '1985-09-30',
      phone: '0533 444 55 66',
      tckn: VALID_TCKN,
      version: 1,
    });
    const read = await t.call(token, { method: 'GET', url: `${URL}/${response.json.data.id}` });
    expect(read.json.data).toEqual(response.json.data);
    expect((await t.call(token, { method: 'GET', url: URL })).json.data).toContainEqual(response.json.data);
  });

  it('keeps only name and surname required; empty optional fields are stored as empty', async () => {
    const response = await post({ name: 'Veli', surname: 'Er', gender: '', dateOfBirth: '', tckn: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ gender: null, dateOfBirth: null, phone: '', tckn: null });
  });

  it('cuts a date of birth sent with a time to its date part', async () => {
    const response = await post({ name: 'Can', surname: 'Tan', dateOfBirth: '1990-01-15T00:00:00.000Z' });
    expect(response.json.data.dateOfBirth).toBe('1990-01-15');
  });

  it.each([
    { name: '   ', surname: 'Koç' },
    { name: 'Ali', surname: ' ' },
    { name: '', surname: '' },
    { surname: 'Koç' },
    {},
  ])('refuses a blank name or surname %o with "Ad ve soyad zorunludur." and writes nothing', async (body) => {
    const before = await milkRowCounts(t);
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toEqual({ code: 'VALIDATION', message: 'Ad ve soyad zorunludur.' });
    expect(await milkRowCounts(t)).toEqual(before);
  });

  it.each([
    [{ tckn: '12345678901' }, 'T.C. kimlik no: Geçersiz T.C. kimlik numarası.'],
    [{ tckn: '1000000014' }, 'T.C. kimlik no: Geçersiz T.C. kimlik numarası.'],
    [{ tckn: '00000000146' }, 'T.C. kimlik no: Geçersiz T.C. kimlik numarası.'],
    [{ gender: 'Bilinmiyor' }, "Cinsiyet 'Erkek' veya 'Kadın' olmalıdır."],
    [{ dateOfBirth: '1990-02-30' }, 'Doğum tarihi: Geçerli bir tarih giriniz (YYYY-AA-GG).'],
    [{ dateOfBirth: '2999-01-01' }, 'Doğum tarihi gelecekte veya 1900 öncesinde olamaz.'],
    [{ phone: 'ara beni' }, 'Telefon yalnızca rakam'],
    [{ name: 42 }, 'Ad metin olmalıdır.'],
  ])('refuses %o with 400 naming the field and writes nothing', async (change, message) => {
    const before = await milkRowCounts(t);
    const response = await post({ name: 'Hasan', surname: 'Çetin', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toContain(message);
    expect(await milkRowCounts(t)).toEqual(before);
  });

  it('accepts a T.C. kimlik number sent as a JSON number', async () => {
    const response = await post({ name: 'Hasan', surname: 'Çetin', tckn: Number(VALID_TCKN) });
    expect(response.statusCode).toBe(200);
    expect(response.json.data.tckn).toBe(VALID_TCKN);
  });

  it('updates a driver, and refuses a blank name on update without changing it', async () => {
    const driver = await createDriver(t, token);
    const updated = await put({ ...driver, phone: '0555 000 11 22', gender: 'Erkek' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json.data).toEqual({
      ...driver,
      phone: '0555 000 11 22',
      gender: 'Erkek',
      version: driver.version + 1,
    });

    const refused = await put({ ...driver, surname: '  ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.error.message).toBe('Ad ve soyad zorunludur.');
    const kept = await t.call(token, { method: 'GET', url: `${URL}/${driver.id}` });
    expect(kept.json.data.surname).toBe(driver.surname);
  });

  it('answers 404 for an unknown driver', async () => {
    const read = await t.call(token, { method: 'GET', url: `${URL}/424242` });
    expect(read.statusCode).toBe(404);
    expect(read.json.error).toEqual({ code: 'NOT_FOUND', message: 'Süt aracı şoförü bulunamadı.' });
    expect((await put({ id: 424242, name: 'A', surname: 'B' })).statusCode).toBe(404);
  });

  it('asks for a token (401) and for the milk driver privilege (403)', async () => {
    const before = await milkRowCounts(t);
    expect((await t.call(undefined, { method: 'GET', url: URL })).statusCode).toBe(401);
    const anonymous = await t.call(undefined, {
      method: 'POST',
      url: URL,
      payload: { name: 'A', surname: 'B' },
    });
    expect(anonymous.statusCode).toBe(401);
    const sales = await t.tokenWithRoles(['SALES_ADMIN']);
    expect((await t.call(sales, { method: 'GET', url: `${URL}/1` })).statusCode).toBe(403);
    const forbidden = await t.call(sales, { method: 'POST', url: URL, payload: { name: 'A', surname: 'B' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json.error.code).toBe('FORBIDDEN');
    expect(await milkRowCounts(t)).toEqual(before);
  });
});
