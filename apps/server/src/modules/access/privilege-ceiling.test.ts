import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rolePrivileges, roles, users } from '../../db/schema.ts';

let t: TestApp;
let admin: string;
let backOffice: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  backOffice = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
});
afterAll(() => t.close());

const PASSWORD = 'test-sifre-123';
const tableCount = async (table: typeof users | typeof roles | typeof rolePrivileges) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;
const userList = async () => (await t.call(admin, { method: 'GET', url: '/api/user-access' })).json.data;
/** A user holding these roles, made by the super user; its list entry. */
async function userWith(roleKeys: string[]) {
  await t.tokenWithRoles(roleKeys);
  return (await userList()).at(-1);
}
const generatePassword = (token: string, id: number) =>
  t.call(token, { method: 'GET', url: `/api/user-access/generate-pass?userAccessId=${id}` });

describe('roles: nobody grants a privilege they do not hold', () => {
  it('refuses a back-office administrator a role holding every privilege, and writes nothing', async () => {
    const all = (await t.call(admin, { method: 'GET', url: '/api/acl/privileges' })).json.data.map(
      (privilege: { key: string }) => privilege.key,
    );
    const before = [await tableCount(roles), await tableCount(rolePrivileges)];
    const response = await t.call(backOffice, {
      method: 'POST',
      url: '/api/acl/roles',
      payload: { key: 'HER_SEY', label: 'Her şey', privileges: all },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json.error.code).toBe('FORBIDDEN');
    expect(response.json.error.message).toMatch(/^Sahip olmadığınız yetkileri veremezsiniz: .*Stok yönetimi/);
    expect([await tableCount(roles), await tableCount(rolePrivileges)]).toEqual(before);
  });

  it('lets a back-office administrator make a role of privileges they hold', async () => {
    const response = await t.call(backOffice, {
      method: 'POST',
      url: '/api/acl/roles',
      payload: { key: 'SAYAC_OKUYUCU', label: 'Sayaç okuyucu', privileges: ['DASHBOARD'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data.privileges).toEqual(['DASHBOARD']);
  });

  it('refuses adding a privilege not held to an own role, and changing a role that holds more', async () => {
    const own = (await t.call(admin, { method: 'GET', url: '/api/acl/roles' })).json.data.find(
      (role: { key: string }) => role.key === 'SAYAC_OKUYUCU',
    );
    const widened = await t.call(backOffice, {
      method: 'PUT',
      url: '/api/acl/roles',
      payload: { ...own, privileges: ['DASHBOARD', 'ACCOUNTING'] },
    });
    expect(widened.statusCode).toBe(403);
    expect(widened.json.error.message).toBe(
      'Sahip olmadığınız yetkileri veremezsiniz: Müşteri finans yönetimi.',
    );

    const sales = (await t.call(admin, { method: 'GET', url: '/api/acl/roles' })).json.data.find(
      (role: { key: string }) => role.key === 'SALES_ADMIN',
    );
    const stripped = await t.call(backOffice, {
      method: 'PUT',
      url: '/api/acl/roles',
      payload: { ...sales, privileges: [] },
    });
    expect(stripped.statusCode).toBe(403);
    expect(stripped.json.error.message).toMatch(
      /^Sahip olmadığınız yetkileri içeren bir rolü değiştiremezsiniz/,
    );
    const after = (await t.call(admin, { method: 'GET', url: '/api/acl/roles' })).json.data;
    expect(after.find((role: { key: string }) => role.key === 'SALES_ADMIN').privileges).toEqual(
      sales.privileges,
    );
    expect(after.find((role: { key: string }) => role.key === 'SAYAC_OKUYUCU').privileges).toEqual([
      'DASHBOARD',
    ]);
  });
});

describe('users: nobody gives a role beyond their own, or manages a user who holds more', () => {
  it('refuses a new user with a role holding privileges the creator lacks, and writes nothing', async () => {
    const before = await tableCount(users);
    const response = await t.call(backOffice, {
      method: 'POST',
      url: '/api/user-access',
      payload: { userName: 'depo.yetkili', roles: ['WAREHOUSE_ADMIN'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json.error.message).toMatch(/^Sahip olmadığınız yetkileri veremezsiniz: /);
    expect(await tableCount(users)).toBe(before);
  });

  it('refuses a back-office administrator raising their own roles', async () => {
    const me = (await t.call(backOffice, { method: 'GET', url: '/api/user-access/me' })).json.data;
    const response = await t.call(backOffice, {
      method: 'PUT',
      url: '/api/user-access',
      payload: { ...me, roles: ['BACKOFFICE_ADMIN', 'SALES_ADMIN'] },
    });
    expect(response.statusCode).toBe(403);
    const roleKeys = (
      await t.call(admin, { method: 'GET', url: `/api/user-access/roles?userAccessId=${me.id}` })
    ).json.data.map((role: { key: string }) => role.key);
    expect(roleKeys).toEqual(['BACKOFFICE_ADMIN']);
  });

  it('refuses a new password for another back-office administrator; the old one still works', async () => {
    const peer = await userWith(['BACKOFFICE_ADMIN']);
    const response = await generatePassword(backOffice, peer.id);
    expect(response.statusCode).toBe(403);
    expect(response.json.error).toEqual({
      code: 'FORBIDDEN',
      message:
        'Kullanıcı yönetebilen ya da sizde olmayan yetkilere sahip bir kullanıcının şifresini yalnızca süper yönetici üretebilir.',
    });
    expect(await t.signIn(peer.userName, PASSWORD)).toBeTruthy();
  });

  it('refuses editing a user who holds privileges the editor lacks, and writes nothing', async () => {
    const staff = await userWith(['WAREHOUSE_STAFF']);
    const response = await t.call(backOffice, {
      method: 'PUT',
      url: '/api/user-access',
      payload: { ...staff, name: 'Değişti', roles: [] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json.error.message).toBe(
      'Kullanıcı yönetebilen ya da sizde olmayan yetkilere sahip bir kullanıcıyı yalnızca süper yönetici düzenleyebilir.',
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.name).toBe(staff.name);
    expect(await t.signIn(staff.userName, PASSWORD)).toBeTruthy();
    expect((await generatePassword(backOffice, staff.id)).statusCode).toBe(403);
  });

  it('lets a back-office administrator manage a user within their own privileges', async () => {
    const clerk = await userWith(['SAYAC_OKUYUCU']);
    const edited = await t.call(backOffice, {
      method: 'PUT',
      url: '/api/user-access',
      payload: { ...clerk, name: 'Sayaç', roles: ['SAYAC_OKUYUCU'] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await generatePassword(backOffice, clerk.id)).statusCode).toBe(200);
  });

  it('leaves the super administrator free to do all of it', async () => {
    const peer = await userWith(['BACKOFFICE_ADMIN']);
    expect((await generatePassword(admin, peer.id)).statusCode).toBe(200);
    const raised = await t.call(admin, {
      method: 'PUT',
      url: '/api/user-access',
      payload: { ...peer, roles: ['BACKOFFICE_ADMIN', 'SALES_ADMIN'] },
    });
    expect(raised.statusCode).toBe(200);
  });
});
