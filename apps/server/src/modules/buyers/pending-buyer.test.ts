import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from '../../../test/builders/buyer-test-data.ts';
import { countRows } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startFakeErp } from '../erp/fake-erp.ts';

let t: TestApp;
let erp: Awaited<ReturnType<typeof startFakeErp>>;
let accounting: string;

beforeAll(async () => {
  erp = await startFakeErp();
  t = await createTestApp({ ERP_SOURCE: erp.url });
  accounting = await t.tokenWithRoles(['ACCOUNTING_MANAGER']);
});
afterAll(async () => {
  await t.close();
  await erp.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = accounting) =>
  t.call(token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });

/** Synchronizes these ERP records and answers the queue entry of `code`. */
async function queued(records: object[], code: string) {
  erp.state.document = { buyers: records };
  expect((await call('GET', '/buyers/sync-external-buyers')).statusCode).toBe(200);
  const page = (await call('GET', '/pending-buyer?size=100')).json.data;
  return page.buyers.find((p: { code: string }) => p.code === code);
}

describe('GET /pending-buyer', () => {
  beforeAll(async () => {
    await createBuyer(t, accounting, { code: 'P-CHANGED-1', title: 'Eski Ünvan 1' });
    await createBuyer(t, accounting, { code: 'P-CHANGED-2', title: 'Eski Ünvan 2' });
    erp.state.document = {
      buyers: [
        ...Array.from({ length: 45 }, (_, i) => ({ code: `P-NEW-${i + 1}`, title: `Yeni Müşteri ${i + 1}` })),
        { code: 'P-CHANGED-1', title: 'Yeni Ünvan 1' },
        { code: 'P-CHANGED-2', title: 'Yeni Ünvan 2' },
      ],
    };
    await call('GET', '/buyers/sync-external-buyers');
  });

  it('answers the first page of 20 by default, oldest first, with the totals', async () => {
    const response = await call('GET', '/pending-buyer');
    expect(response.statusCode).toBe(200);
    const { buyers, ...paging } = response.json.data;
    expect(paging).toEqual({ totalPages: 3, page: 1, size: 20, count: 47 });
    expect(buyers).toHaveLength(20);
    expect(buyers[0]).toMatchObject({ code: 'P-NEW-1', title: 'Yeni Müşteri 1', isNew: true });
  });

  it('pages with page and size, the last page holding the rest', async () => {
    const third = (await call('GET', '/pending-buyer?page=3&size=20')).json.data;
    expect(third).toMatchObject({ totalPages: 3, page: 3, size: 20, count: 47 });
    expect(third.buyers.map((p: { code: string }) => p.code)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `P-NEW-${41 + i}`),
      'P-CHANGED-1',
      'P-CHANGED-2',
    ]);
    const beyond = (await call('GET', '/pending-buyer?page=9')).json.data;
    expect(beyond).toMatchObject({ page: 9, count: 47, buyers: [] });
  });

  it('narrows the list to new or to changed buyers, counting only those', async () => {
    const fresh = (await call('GET', '/pending-buyer?isNew=true&size=10')).json.data;
    expect(fresh).toMatchObject({ totalPages: 5, count: 45, size: 10 });
    expect(fresh.buyers.every((p: { isNew: boolean }) => p.isNew)).toBe(true);
    const changed = (await call('GET', '/pending-buyer?isNew=false&page=1&size=20')).json.data;
    expect(changed).toMatchObject({ totalPages: 1, count: 2 });
    expect(changed.buyers[0]).toMatchObject({
      code: 'P-CHANGED-1',
      isNew: false,
      changes: [{ field: 'title', label: 'Ünvan', oldValue: 'Eski Ünvan 1', newValue: 'Yeni Ünvan 1' }],
    });
    // An empty isNew is both kinds, as the screen sends it before a filter is chosen.
    expect((await call('GET', '/pending-buyer?isNew=&page=1&size=20')).json.data.count).toBe(47);
  });

  it.each([
    ['isNew=belki', 'isNew'],
    ['page=0', 'page'],
    ['size=abc', 'size'],
    ['size=1000', 'size'],
  ])('refuses ?%s with 400 naming the parameter', async (query, field) => {
    const response = await call('GET', `/pending-buyer?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe(field);
  });

  it('answers 401 without a token and 403 to a role without the approval privilege', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/pending-buyer' })).statusCode).toBe(401);
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    expect((await call('GET', '/pending-buyer', undefined, office)).statusCode).toBe(403);
  });
});

describe('GET /pending-buyer/{id}', () => {
  it('answers one record, and 404 for an unknown one', async () => {
    const entry = await queued([{ code: 'G-1', title: 'Tek Kayıt', name: 'Can' }], 'G-1');
    const response = await call('GET', `/pending-buyer/${entry.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual(entry);
    expect((await call('GET', '/pending-buyer/424242')).statusCode).toBe(404);
    expect((await call('GET', '/pending-buyer/abc')).statusCode).toBe(400);
  });
});

describe('POST /buyers/approve', () => {
  it('creates the buyer from the form and the ERP record, and takes the record off the queue', async () => {
    const entry = await queued(
      [{ code: 'A-NEW', title: 'Trakya Peynircilik', vkn: '8790012345', taxOffice: 'Tekirdağ' }],
      'A-NEW',
    );
    const form = {
      id: entry.id,
      code: 'A-NEW',
      title: 'Trakya Peynircilik Ltd.',
      name: 'Selin',
      email: 'selin@trakya.com',
    };
    const response = await call('POST', '/buyers/approve', form);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      id: expect.any(Number),
      code: 'A-NEW',
      title: 'Trakya Peynircilik Ltd.',
      name: 'Selin',
      email: 'selin@trakya.com',
      vkn: '8790012345',
      taxOffice: 'Tekirdağ',
    });
    expect((await call('GET', `/pending-buyer/${entry.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/buyers')).json.data).toContainEqual(response.json.data);
  });

  it('finds the record by code when the form sends no id', async () => {
    const entry = await queued(
      [{ code: 'A-BYCODE', title: 'Kodla Bulunan', vkn: '4410012345', taxOffice: 'Bandırma' }],
      'A-BYCODE',
    );
    const response = await call('POST', '/buyers/approve', {
      code: 'A-BYCODE',
      title: 'Kodla Bulunan',
      name: 'Efe',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      id: expect.any(Number),
      code: 'A-BYCODE',
      title: 'Kodla Bulunan',
      name: 'Efe',
      vkn: '4410012345',
      taxOffice: 'Bandırma',
    });
    expect((await call('GET', `/pending-buyer/${entry.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/buyers')).json.data).toContainEqual(response.json.data);
  });

  it.each([
    ['title', 'Ünvan zorunludur.'],
    ['code', 'Kod zorunludur.'],
    ['name', 'Ad zorunludur.'],
  ])('refuses a form without %s with 400, writes nothing and keeps the record', async (field, message) => {
    const entry = await queued([{ code: `A-REQ-${field}`, title: 'Eksik Form' }], `A-REQ-${field}`);
    const form: Record<string, unknown> = {
      id: entry.id,
      code: entry.code,
      title: 'Eksik Form',
      name: 'Ali',
    };
    delete form[field];
    const before = await countRows(t, 'buyers');
    const response = await call('POST', '/buyers/approve', form);
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe(message);
    expect(await countRows(t, 'buyers')).toBe(before);
    expect((await call('GET', `/pending-buyer/${entry.id}`)).json.data).toEqual(entry);
  });

  it('refuses a known code with 409 (a changed record is approved with PUT) and keeps the record', async () => {
    await createBuyer(t, accounting, { code: 'A-KNOWN', title: 'Bilinen' });
    const entry = await queued([{ code: 'A-KNOWN', title: 'Bilinen Yeni' }], 'A-KNOWN');
    const response = await call('POST', '/buyers/approve', {
      id: entry.id,
      code: 'A-KNOWN',
      title: 'X',
      name: 'Y',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json.error.message).toBe("'A-KNOWN' kodlu bir müşteri zaten kayıtlı.");
    expect((await call('GET', `/pending-buyer/${entry.id}`)).json.data).toEqual(entry);
  });

  it('answers 404 for a record that is not queued, 401 without a token and 403 without the privilege', async () => {
    const form = { id: 767_676, code: 'YOK', title: 'Yok', name: 'Yok' };
    expect((await call('POST', '/buyers/approve', form)).statusCode).toBe(404);
    expect(
      (await t.call(undefined, { method: 'POST', url: '/api/buyers/approve', payload: form })).statusCode,
    ).toBe(401);
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    expect((await call('POST', '/buyers/approve', form, office)).statusCode).toBe(403);
  });
});

describe('PUT /buyers/approve', () => {
  it('updates the buyer of that code with the form, keeping what neither the ERP nor the form changed', async () => {
    const buyer = await createBuyer(t, accounting, {
      code: 'U-1',
      title: 'Ünal Gıda',
      phone2: '0555 000 00 00',
    });
    const entry = await queued(
      [{ code: 'U-1', title: 'Ünal Gıda San. Tic.', addressMain: 'Yeni Adres 5' }],
      'U-1',
    );
    expect(entry.changes.map((c: { field: string }) => c.field)).toEqual(['title', 'addressMain']);
    const before = await countRows(t, 'buyers');
    const form = {
      id: entry.id,
      code: 'U-1',
      title: entry.title,
      name: 'Hakan',
      surname: entry.surname,
      email: entry.email,
      phone1: entry.phone1,
      addressMain: entry.addressMain,
    };
    const response = await call('PUT', '/buyers/approve', form);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      ...buyer,
      title: 'Ünal Gıda San. Tic.',
      name: 'Hakan',
      addressMain: 'Yeni Adres 5',
      // Approving onto the buyer is a write of it: its version moves on.
      version: buyer.version + 1,
    });
    expect(await countRows(t, 'buyers')).toBe(before);
    expect((await call('GET', `/pending-buyer/${entry.id}`)).statusCode).toBe(404);
  });

  it("refuses another buyer's code with 409 and keeps the record queued", async () => {
    const other = await createBuyer(t, accounting);
    await createBuyer(t, accounting, { code: 'U-2', title: 'İkinci' });
    const entry = await queued([{ code: 'U-2', title: 'İkinci Yeni' }], 'U-2');
    const response = await call('PUT', '/buyers/approve', {
      id: entry.id,
      code: other.code,
      title: 'İkinci',
      name: 'A',
    });
    expect(response.statusCode).toBe(409);
    expect((await call('GET', `/pending-buyer/${entry.id}`)).json.data).toEqual(entry);
  });

  it('answers 404 when no buyer has the code of a new record', async () => {
    const entry = await queued([{ code: 'U-NONE', title: 'Kayıtsız' }], 'U-NONE');
    const response = await call('PUT', '/buyers/approve', {
      id: entry.id,
      code: 'U-NONE',
      title: 'Kayıtsız',
      name: 'A',
    });
    expect(response.statusCode).toBe(404);
    expect((await call('GET', `/pending-buyer/${entry.id}`)).json.data).toEqual(entry);
  });
});
