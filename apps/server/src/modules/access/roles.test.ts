import { BUILT_IN_ROLES, PRIVILEGE_KEYS } from '@mandira/contract/roles';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { roles } from '../../db/schema.ts';
import { SYSTEM_ACTOR } from '../../http/auth.ts';
import { seedBuiltInRoles } from './role.service.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const roleCount = async () => (await t.db.select({ n: count() }).from(roles))[0]!.n;

describe('built-in roles', () => {
  it('seeds the twelve built-in roles with the privileges of the catalogue', async () => {
    const list = (await t.call(admin, { method: 'GET', url: '/api/acl/roles' })).json.data;
    expect(list.map((r: { key: string }) => r.key)).toEqual(Object.keys(BUILT_IN_ROLES));
    const byKey = Object.fromEntries(list.map((r: { key: string }) => [r.key, r]));
    expect(byKey.SUPER_ADMIN.privileges).toEqual(PRIVILEGE_KEYS);
    expect(byKey.SALES_ADMIN.privileges).toEqual(
      expect.arrayContaining(['PRODUCT_ITEM_MANAGEMENT', 'PRODUCT_APPROVAL']),
    );
    expect(byKey.BACKOFFICE_ADMIN.privileges).toContain('USER_MANAGEMENT');
    expect(byKey.SECRETARY.privileges).toEqual([]);
  });

  it('does not hand a removed privilege back on the next start', async () => {
    const list = (await t.call(admin, { method: 'GET', url: '/api/acl/roles' })).json.data;
    const sales = list.find((r: { key: string }) => r.key === 'SALES_ADMIN');
    await t.call(admin, {
      method: 'PUT',
      url: '/api/acl/roles',
      payload: { ...sales, privileges: ['PRODUCT_APPROVAL'] },
    });
    await t.db.transaction((tx) => seedBuiltInRoles(tx, SYSTEM_ACTOR));
    const after = (await t.call(admin, { method: 'GET', url: '/api/acl/roles' })).json.data;
    expect(after.find((r: { key: string }) => r.key === 'SALES_ADMIN').privileges).toEqual([
      'PRODUCT_APPROVAL',
    ]);
  });

  it('lists the privilege catalogue with Turkish labels', async () => {
    const response = await t.call(admin, { method: 'GET', url: '/api/acl/privileges' });
    expect(response.json.data).toContainEqual({ key: 'USER_MANAGEMENT', label: 'Kullanıcı ve rol yönetimi' });
    expect(response.json.data).toHaveLength(PRIVILEGE_KEYS.length);
  });
});

describe('POST and PUT /acl/roles', () => {
  it('creates a role from privileges, which then opens its screens', async () => {
    const created = await t.call(admin, {
      method: 'POST',
      url: '/api/acl/roles',
      payload: { key: 'KULLANICI_SORUMLUSU', label: 'Kullanıcı Sorumlusu', privileges: ['USER_MANAGEMENT'] },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json.data).toMatchObject({
      key: 'KULLANICI_SORUMLUSU',
      builtIn: false,
      privileges: ['USER_MANAGEMENT'],
    });
    const token = await t.tokenWithRoles(['KULLANICI_SORUMLUSU']);
    expect((await t.call(token, { method: 'GET', url: '/api/user-access' })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'GET', url: '/api/dashboard/user-count' })).statusCode).toBe(403);
  });

  it('refuses a duplicate key with 409 and writes nothing', async () => {
    const before = await roleCount();
    const response = await t.call(admin, {
      method: 'POST',
      url: '/api/acl/roles',
      payload: { key: 'SALES_ADMIN', label: 'Kopya' },
    });
    expect(response.statusCode).toBe(409);
    expect(await roleCount()).toBe(before);
  });

  it.each([
    [{ label: 'Anahtarsız' }, 'Rol anahtarı zorunludur.'],
    [{ key: 'küçük harf', label: 'x' }, 'Rol anahtarı'],
    [{ key: 'YENI_ROL', label: 'x', privileges: ['UCMAK'] }, 'Yetkiler (1. öğe) şunlardan biri olmalıdır: '],
  ])('refuses %j with 400 and writes nothing', async (payload, message) => {
    const before = await roleCount();
    const response = await t.call(admin, { method: 'POST', url: '/api/acl/roles', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message.startsWith(message)).toBe(true);
    expect(await roleCount()).toBe(before);
  });

  it('refuses to edit SUPER_ADMIN', async () => {
    const list = (await t.call(admin, { method: 'GET', url: '/api/acl/roles' })).json.data;
    const superRole = list.find((r: { key: string }) => r.key === 'SUPER_ADMIN');
    const response = await t.call(admin, {
      method: 'PUT',
      url: '/api/acl/roles',
      payload: { ...superRole, privileges: [] },
    });
    expect(response.statusCode).toBe(409);
  });

  it('answers an unknown role id with 404', async () => {
    const response = await t.call(admin, {
      method: 'PUT',
      url: '/api/acl/roles',
      payload: { id: 4242, key: 'HAYALET', label: 'Hayalet' },
    });
    expect(response.statusCode).toBe(404);
  });
});
