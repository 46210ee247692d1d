import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerBody, createBuyer, validTckn } from '../../../test/builders/buyer-test-data.ts';
import { countRows } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let accounting: string;

beforeAll(async () => {
  t = await createTestApp();
  accounting = await t.tokenWithRoles(['ACCOUNTING_MANAGER']);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = accounting) =>
  t.call(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });

describe('POST /buyers', () => {
  it('creates a buyer with every field of the buyer form and lists it', async () => {
    const body = buyerBody({ tckn: validTckn(), phone2: '0532 111 22 33', addressSecondary: 'Depo girişi' });
    const response = await call('POST', '/buyers', body);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      id: expect.any(Number),
      ...body,
      minRemainingShelfLifeDays: null,
      version: 1,
    });
    const list = (await call('GET', '/buyers')).json.data;
    expect(list).toContainEqual(response.json.data);
  });

  it('trims the text and answers the optional fields it was not sent as empty', async () => {
    const response = await call('POST', '/buyers', { code: '  MUS-TRIM ', title: ' Kaya Market ' });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      code: 'MUS-TRIM',
      title: 'Kaya Market',
      name: '',
      email: '',
      tckn: null,
      vkn: null,
    });
  });

  it.each([
    [{ code: undefined }, 'Kod zorunludur.'],
    [{ title: '   ' }, 'Ünvan boş bırakılamaz.'],
    [{ tckn: '12345678901' }, 'T.C. kimlik no: Geçersiz T.C. kimlik numarası.'],
    [{ tckn: '1234' }, 'T.C. kimlik no: Geçersiz T.C. kimlik numarası.'],
    [{ vkn: '123456789' }, 'Vergi kimlik no: Vergi kimlik numarası 10 haneden oluşmalıdır.'],
    [{ vkn: '12345678AB' }, 'Vergi kimlik no: Vergi kimlik numarası 10 haneden oluşmalıdır.'],
    [{ email: 'satis-at-firma' }, 'E-posta: Geçerli bir e-posta adresi giriniz.'],
    [{ phone1: 'ara beni' }, 'Telefon yalnızca rakam, boşluk ve + ( ) - içerebilir.'],
    [{ title: 42 }, 'Ünvan metin olmalıdır.'],
    [{ minRemainingShelfLifeDays: 3651 }, 'Asgari kalan raf ömrü (gün): Gün sayısı en fazla 3650 olabilir.'],
    [{ minRemainingShelfLifeDays: '10,5' }, 'Asgari kalan raf ömrü (gün): Gün sayısı tam sayı olmalıdır.'],
    [
      { minRemainingShelfLifeDays: -1 },
      'Asgari kalan raf ömrü (gün): Gün sayısı 0 veya daha büyük olmalıdır.',
    ],
  ])('refuses %o with 400 naming the field, and writes nothing', async (override, message) => {
    const before = await countRows(t, 'buyers');
    const response = await call('POST', '/buyers', { ...buyerBody(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toEqual({ code: 'VALIDATION', message, field: Object.keys(override)[0] });
    expect(await countRows(t, 'buyers')).toBe(before);
  });

  it('refuses a code that is already taken with 409 and a Turkish message', async () => {
    const existing = await createBuyer(t, accounting);
    const before = await countRows(t, 'buyers');
    const response = await call('POST', '/buyers', buyerBody({ code: existing.code }));
    expect(response.statusCode).toBe(409);
    expect(response.json.error).toEqual({
      code: 'DUPLICATE',
      message: `'${existing.code}' kodlu bir müşteri zaten kayıtlı.`,
    });
    expect(await countRows(t, 'buyers')).toBe(before);
  });
});

describe('PUT /buyers', () => {
  it('updates every field of the buyer', async () => {
    const buyer = await createBuyer(t, accounting);
    const change = { ...buyerBody(), id: buyer.id, code: buyer.code, title: 'Yeni Ünvan A.Ş.', vkn: null };
    const response = await call('PUT', '/buyers', change);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ id: buyer.id, title: 'Yeni Ünvan A.Ş.', vkn: null });
  });

  it('keeps the minimum remaining shelf life when an update leaves it out, and clears it with null', async () => {
    const created = await call('POST', '/buyers', buyerBody({ minRemainingShelfLifeDays: '15' }));
    expect(created.statusCode, created.body).toBe(200);
    const buyer = created.json.data;
    expect(buyer.minRemainingShelfLifeDays).toBe(15);
    const { minRemainingShelfLifeDays: _kept, ...withoutIt } = buyer;
    const kept = await call('PUT', '/buyers', { ...withoutIt, title: 'Zincir Market' });
    expect(kept.json.data).toMatchObject({ title: 'Zincir Market', minRemainingShelfLifeDays: 15 });
    const cleared = await call('PUT', '/buyers', { ...kept.json.data, minRemainingShelfLifeDays: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json.data.minRemainingShelfLifeDays).toBeNull();
  });

  it("refuses another buyer's code with 409 and keeps the buyer as it was", async () => {
    const [first, second] = [await createBuyer(t, accounting), await createBuyer(t, accounting)];
    const response = await call('PUT', '/buyers', { ...second, code: first.code });
    expect(response.statusCode).toBe(409);
    const list = (await call('GET', '/buyers')).json.data;
    expect(list).toContainEqual(second);
  });

  it('answers 404 for an unknown buyer and 400 without an id', async () => {
    expect((await call('PUT', '/buyers', { ...buyerBody(), id: 987_654 })).statusCode).toBe(404);
    const response = await call('PUT', '/buyers', buyerBody());
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe('Kayıt numarası zorunludur.');
  });
});

describe('access to the buyers', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/buyers'],
      ['POST', '/buyers'],
      ['PUT', '/buyers'],
      ['GET', '/dashboard/buyer-count'],
    ] as const) {
      expect((await t.call(undefined, { method, url: `/api${url}`, payload: {} })).statusCode).toBe(401);
    }
  });

  it('answers 403 to a role without the privilege, and writes nothing', async () => {
    const warehouse = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
    const before = await countRows(t, 'buyers');
    expect((await call('GET', '/buyers', undefined, warehouse)).statusCode).toBe(403);
    expect((await call('POST', '/buyers', buyerBody(), warehouse)).statusCode).toBe(403);
    expect(await countRows(t, 'buyers')).toBe(before);
  });

  it('lets the buyer warehouse screen read the list, but not change a buyer', async () => {
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    expect((await call('GET', '/buyers', undefined, office)).statusCode).toBe(200);
    expect((await call('POST', '/buyers', buyerBody(), office)).statusCode).toBe(403);
  });
});

describe('GET /dashboard/buyer-count', () => {
  it('counts the buyers for the back office, and refuses other roles', async () => {
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const response = await call('GET', '/dashboard/buyer-count', undefined, office);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toBe(await countRows(t, 'buyers'));
    expect((await call('GET', '/dashboard/buyer-count')).statusCode).toBe(403);
  });
});
