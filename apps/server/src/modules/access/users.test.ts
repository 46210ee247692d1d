import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;
const post = (token: string, payload: object) =>
  t.call(token, { method: 'POST', url: '/api/user-access', payload });
const put = (token: string, payload: object) =>
  t.call(token, { method: 'PUT', url: '/api/user-access', payload });

describe('POST /user-access', () => {
  it('creates a user with roles, answering the user with role entries', async () => {
    const response = await post(admin, {
      userName: 'depo.ahmet',
      name: 'Ahmet',
      surname: 'Yıldırım',
      email: 'ahmet@mandira.example',
      phone: '0532 111 22 33',
      roles: ['WAREHOUSE_STAFF', { key: 'SHIPPING_STAFF', label: 'Sevkiyat Personeli' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      userName: 'depo.ahmet',
      name: 'Ahmet',
      status: 'ACTIVE',
      roles: [
        { key: 'WAREHOUSE_STAFF', label: 'Depo Personeli' },
        { key: 'SHIPPING_STAFF', label: 'Sevkiyat Personeli' },
      ],
    });
    expect(new Date(response.json.data.registrationDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a duplicate user name, whatever its case, with 409 and writes nothing', async () => {
    const before = await userCount();
    const response = await post(admin, { userName: 'DEPO.AHMET' });
    expect(response.statusCode).toBe(409);
    expect(response.json.error).toEqual({
      code: 'DUPLICATE',
      message: "'DEPO.AHMET' kullanıcı adı zaten kullanılıyor.",
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{}, 'Kullanıcı adı zorunludur.'],
    [{ userName: 'ab' }, 'Kullanıcı adı en az 3 karakter olmalıdır.'],
    [{ userName: 'iki kelime' }, 'Kullanıcı adı boşluk içeremez.'],
    [{ userName: 'gecerli', email: 'posta-degil' }, 'E-posta: Geçerli bir e-posta adresi giriniz.'],
    [{ userName: 'gecerli', phone: 'abc' }, 'Telefon yalnızca rakam, boşluk ve + ( ) - içerebilir.'],
    [{ userName: 'gecerli', roles: 'SALES_ADMIN' }, 'Roller liste olmalıdır.'],
    [{ userName: 'gecerli', status: 'SILINMIS' }, "Durum şunlardan biri olmalıdır: 'ACTIVE', 'PASSIVE'."],
  ])('refuses %j with 400 naming the field, and writes nothing', async (body, message) => {
    const before = await userCount();
    const response = await post(admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json.success).toBe(false);
    expect(response.json.error.code).toBe('VALIDATION');
    expect(response.json.error.message.startsWith(message)).toBe(true);
    expect(await userCount()).toBe(before);
  });

  it('refuses an unknown role with 400 and writes nothing', async () => {
    const before = await userCount();
    const response = await post(admin, { userName: 'rolsuz', roles: ['KRAL'] });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe('Bilinmeyen rol: KRAL');
    expect(await userCount()).toBe(before);
  });

  it('lets only a super administrator hand out SUPER_ADMIN', async () => {
    const backOffice = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const response = await post(backOffice, { userName: 'yukselen', roles: ['SUPER_ADMIN'] });
    expect(response.statusCode).toBe(403);
    expect((await post(admin, { userName: 'ikinci.admin', roles: ['SUPER_ADMIN'] })).statusCode).toBe(200);
  });
});

describe('PUT /user-access', () => {
  it('updates the fields and replaces the roles', async () => {
    const created = (await post(admin, { userName: 'guncellenecek', roles: ['SECRETARY'] })).json.data;
    const response = await put(admin, { ...created, name: 'Yeni', roles: ['SALES_ADMIN'] });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      id: created.id,
      name: 'Yeni',
      roles: [{ key: 'SALES_ADMIN' }],
    });
    const roles = await t.call(admin, {
      method: 'GET',
      url: `/api/user-access/roles?userAccessId=${created.id}`,
    });
    expect(roles.json.data).toEqual([{ key: 'SALES_ADMIN', label: 'Satış Yöneticisi' }]);
  });

  it('answers an unknown id with 404', async () => {
    const response = await put(admin, { id: 99999, userName: 'kimse' });
    expect(response.statusCode).toBe(404);
    expect(response.json.error.message).toBe('Kullanıcı bulunamadı.');
  });

  it('keeps the super user active and a super administrator', async () => {
    const list = (await t.call(admin, { method: 'GET', url: '/api/user-access' })).json.data;
    const superUser = list.find((u: { userName: string }) => u.userName === ADMIN.userName);
    const response = await put(admin, { ...superUser, status: 'PASSIVE', roles: ['SUPER_ADMIN'] });
    expect(response.statusCode).toBe(409);
    const [row] = await t.db.select().from(users).where(eq(users.id, superUser.id));
    expect(row!.status).toBe('ACTIVE');
  });

  it('signs a deactivated user out and keeps them out', async () => {
    const token = await t.tokenWithRoles(['SECRETARY']);
    const me = (await t.call(admin, { method: 'GET', url: '/api/user-access' })).json.data.at(-1);
    expect((await put(admin, { ...me, roles: ['SECRETARY'], status: 'PASSIVE' })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'GET', url: '/api/user-access/menus' })).statusCode).toBe(401);
    const signIn = await t.call(undefined, {
      method: 'POST',
      url: '/api/user-access/sign-in',
      payload: { userName: me.userName, password: 'test-sifre-123' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json.error.message).toMatch(/pasif/);
  });
});

describe('GET /user-access/generate-pass', () => {
  it('gives a new password that signs the user in, once', async () => {
    const created = (await post(admin, { userName: 'sifresiz', roles: ['SECRETARY'] })).json.data;
    const response = await t.call(admin, {
      method: 'GET',
      url: `/api/user-access/generate-pass?userAccessId=${created.id}`,
    });
    expect(response.statusCode).toBe(200);
    const password = response.json.data.generatedPass as string;
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(await t.signIn('sifresiz', password)).toBeTruthy();
  });

  it("refuses the super user with 'Seçilen kullanıcı için şifre üretilemez!'", async () => {
    const list = (await t.call(admin, { method: 'GET', url: '/api/user-access' })).json.data;
    const superUser = list.find((u: { userName: string }) => u.userName === ADMIN.userName);
    const response = await t.call(admin, {
      method: 'GET',
      url: `/api/user-access/generate-pass?userAccessId=${superUser.id}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json.error.message).toBe('Seçilen kullanıcı için şifre üretilemez!');
    expect(await t.signIn(ADMIN.userName, ADMIN.password)).toBeTruthy();
  });

  it('answers a missing or bad userAccessId with 400', async () => {
    for (const url of ['/api/user-access/generate-pass', '/api/user-access/generate-pass?userAccessId=abc']) {
      const response = await t.call(admin, { method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json.error.field).toBe('userAccessId');
    }
  });
});

describe('GET /dashboard/user-count', () => {
  it('counts the users', async () => {
    const response = await t.call(admin, { method: 'GET', url: '/api/dashboard/user-count' });
    expect(response.json.data).toBe(await userCount());
  });
});
