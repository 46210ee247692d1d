import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());

const signIn = (body: unknown, address = '10.0.0.1') =>
  t.call(undefined, {
    method: 'POST',
    url: '/api/user-access/sign-in',
    payload: body as object,
    remoteAddress: address,
  });

describe('POST /user-access/sign-in', () => {
  it('answers a token for the right password', async () => {
    const response = await signIn(ADMIN);
    expect(response.statusCode).toBe(200);
    expect(response.json.success).toBe(true);
    expect(response.json.data.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong password with 401 and a Turkish message', async () => {
    const response = await signIn({ userName: ADMIN.userName, password: 'yanlis' }, '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json).toEqual({
      success: false,
      error: { message: 'Kullanıcı adı veya şifre hatalı.', code: 'UNAUTHENTICATED' },
    });
  });

  it('refuses an unknown user the same way, not telling which part was wrong', async () => {
    const response = await signIn({ userName: 'olmayan', password: 'x' }, '10.0.0.3');
    expect(response.statusCode).toBe(401);
    expect(response.json.error.message).toBe('Kullanıcı adı veya şifre hatalı.');
  });

  it('answers a body without password with 400 naming the field', async () => {
    const response = await signIn({ userName: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toEqual({
      message: 'Şifre zorunludur.',
      code: 'VALIDATION',
      field: 'password',
    });
  });

  it('answers a body that is not JSON with 400 in the envelope', async () => {
    const response = await t.call(undefined, {
      method: 'POST',
      url: '/api/user-access/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.success).toBe(false);
    expect(response.json.error.message).toBe('İstek gövdesi geçerli bir JSON değil.');
  });

  it('throttles a user name after repeated failures with 429, even with the right password', async () => {
    const userToken = await t.tokenWithRoles([]);
    expect(userToken).toBeTruthy();
    const name = (
      await t.call(await t.adminToken(), { method: 'GET', url: '/api/user-access' })
    ).json.data.at(-1).userName as string;
    for (let i = 0; i < 3; i++) {
      expect((await signIn({ userName: name, password: 'yanlis' }, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const throttled = await signIn({ userName: name, password: 'test-sifre-123' }, '10.1.0.9');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json.error.code).toBe('THROTTLED');
    expect(throttled.json.error.message).toMatch(/Çok fazla başarısız giriş denemesi/);
  });

  it('throttles an address that fails across many user names', async () => {
    for (let i = 0; i < 12; i++) {
      await signIn({ userName: `deneme${i}`, password: 'x' }, '10.2.0.1');
    }
    const response = await signIn(ADMIN, '10.2.0.1');
    expect(response.statusCode).toBe(429);
    expect((await signIn(ADMIN, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it.each([
    ['no header', undefined],
    ["the 'nope' placeholder", 'nope'],
    ['an unknown token', 'x'.repeat(43)],
  ])('answers %s with 401 in the envelope', async (_label, token) => {
    const response = await t.call(token, { method: 'GET', url: '/api/user-access/menus' });
    expect(response.statusCode).toBe(401);
    expect(response.json.success).toBe(false);
    expect(response.json.error.code).toBe('UNAUTHENTICATED');
  });

  it('revokes the token on sign-out, server-side', async () => {
    const token = await t.signIn(ADMIN.userName, ADMIN.password);
    expect((await t.call(token, { method: 'GET', url: '/api/user-access/menus' })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'POST', url: '/api/user-access/sign-out' })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'GET', url: '/api/user-access/menus' })).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await t.signIn(ADMIN.userName, ADMIN.password);
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update sessions set expires_at = now() - interval '1 second'`,
    );
    expect((await t.call(token, { method: 'GET', url: '/api/user-access/menus' })).statusCode).toBe(401);
  });
});

describe('GET /actuator/info', () => {
  it('tells the version of the product without a token', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/actuator/info' });
    expect(response.statusCode).toBe(200);
    expect(response.json.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('tells the map pickers where their tiles come from', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/actuator/info' });
    expect(response.json.data.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });
});

describe('unknown paths', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await t.call(undefined, { method: 'GET', url: '/api/yok' });
    expect(response.statusCode).toBe(404);
    expect(response.json).toEqual({
      success: false,
      error: { message: 'İstenen kaynak bulunamadı.', code: 'NOT_FOUND' },
    });
  });
});
