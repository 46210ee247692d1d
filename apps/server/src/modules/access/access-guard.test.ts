import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let secretary: string;
let backOffice: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  secretary = await t.tokenWithRoles(['SECRETARY']);
  backOffice = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
});
afterAll(() => t.close());

const GUARDED: [string, string][] = [
  ['GET', '/api/user-access'],
  ['POST', '/api/user-access'],
  ['PUT', '/api/user-access'],
  ['GET', '/api/user-access/roles'],
  ['GET', '/api/user-access/generate-pass?userAccessId=1'],
  ['GET', '/api/acl/privileges'],
  ['GET', '/api/acl/roles'],
  ['POST', '/api/acl/roles'],
  ['PUT', '/api/acl/roles'],
  ['GET', '/api/dashboard/user-count'],
];

describe('privilege guard', () => {
  it.each(GUARDED)('%s %s answers 401 without a token', async (method, url) => {
    const response = await t.call(undefined, {
      method: method as 'GET',
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json.success).toBe(false);
  });

  it.each(GUARDED)(
    '%s %s answers 403 to a role without the privilege, before reading the body',
    async (method, url) => {
      const response = await t.call(secretary, {
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.json.error).toEqual({ code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok.' });
    },
  );

  it('lets BACKOFFICE_ADMIN manage users', async () => {
    expect((await t.call(backOffice, { method: 'GET', url: '/api/user-access' })).statusCode).toBe(200);
  });
});

describe('GET /user-access/page-view', () => {
  it.each([
    ['USER_MANAGEMENT', false],
    ['BACKOFFICE_ADMIN', false],
    ['SECRETARY', true],
    ['AUTH_ANY_ROLE', true],
  ])('answers %s for a secretary with %s', async (role, granted) => {
    const response = await t.call(secretary, {
      method: 'GET',
      url: `/api/user-access/page-view?role=${role}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual({ success: true, data: granted });
  });

  it('grants everything to the super administrator', async () => {
    const response = await t.call(admin, {
      method: 'GET',
      url: '/api/user-access/page-view?role=SALES_ADMIN',
    });
    expect(response.json.data).toBe(true);
  });

  it('answers an unknown role with 400', async () => {
    const response = await t.call(secretary, { method: 'GET', url: '/api/user-access/page-view?role=KRAL' });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe('Bilinmeyen rol veya yetki: KRAL');
  });

  it('answers a missing role with 400', async () => {
    const response = await t.call(secretary, { method: 'GET', url: '/api/user-access/page-view' });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /user-access/menus', () => {
  it("lists only the screens of the user's privileges", async () => {
    const secretaryMenu = (await t.call(secretary, { method: 'GET', url: '/api/user-access/menus' })).json
      .data;
    // The sellable products and stock history pages need no role of their own (decision 104).
    expect(secretaryMenu).toEqual([
      { groupName: 'Genel', label: 'Ana Sayfa', relativePath: '/dashboard' },
      { groupName: 'Ürünler', label: 'Satılabilir Ürünler', relativePath: '/satis-urun-yonetimi' },
      { groupName: 'Depo ve Stok', label: 'Stok Geçmişi', relativePath: '/stok-gecmisi' },
    ]);
    const backOfficeMenu = (await t.call(backOffice, { method: 'GET', url: '/api/user-access/menus' })).json
      .data;
    expect(backOfficeMenu).toContainEqual({
      groupName: 'Yönetim',
      label: 'Kullanıcı Yönetimi',
      relativePath: '/user-management',
    });
  });
});

describe('GET /user-access/me', () => {
  it('tells who is signed in, with roles and privileges', async () => {
    const response = await t.call(backOffice, { method: 'GET', url: '/api/user-access/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      name: 'Test',
      roles: [{ key: 'BACKOFFICE_ADMIN', label: 'Ofis Yöneticisi' }],
    });
    expect(response.json.data.privileges).toContain('USER_MANAGEMENT');
  });
});
