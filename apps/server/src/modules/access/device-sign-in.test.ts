import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';
import { DEVICE_TOKEN_LIFETIME_MS, issueDeviceToken } from './device-token.ts';

/**
 * Issue 22 item 6 (decision 97): anyone could lock any account, the super user's too, with 20 wrong
 * passwords from a few addresses. A device that signed in before keeps its own failure budget.
 */
let t: TestApp;
beforeAll(async () => {
  // The default limits: 5 per name and address, 20 per name, 20 per address.
  t = await createTestApp();
  // Kept for the user list: the super user's name is locked out by one of the tests.
  await t.adminToken();
});
afterAll(() => t.close());

type SignInAnswer = Awaited<ReturnType<TestApp['call']>>;
const PASSWORD = 'test-sifre-123';

let addressCounter = 0;
/** A fresh client address, so tests do not share the address counters. */
const newAddress = () => `10.22.${Math.floor(++addressCounter / 200)}.${addressCounter % 200}`;

const signIn = (body: object, address: string, call = t.call): Promise<SignInAnswer> =>
  call(undefined, { method: 'POST', url: '/api/user-access/sign-in', payload: body, remoteAddress: address });

/** A new active user; its name and id. */
async function newUser(): Promise<{ userName: string; id: number }> {
  await t.tokenWithRoles([]);
  const users = (await t.call(await t.adminToken(), { method: 'GET', url: '/api/user-access' })).json.data;
  const { userName, id } = users.at(-1);
  return { userName, id };
}

/** A device token, from signing in with the right password. */
async function deviceOf(userName: string, password = PASSWORD): Promise<string> {
  const answer = await signIn({ userName, password }, newAddress());
  expect(answer.statusCode).toBe(200);
  return answer.json.data.deviceToken;
}

/** The attack of the probe: wrong passwords for one name from four addresses, until it is locked. */
async function lockOut(userName: string): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const address = newAddress();
    for (let j = 0; j < 5; j++) {
      expect((await signIn({ userName, password: 'yanlis' }, address)).statusCode).toBe(401);
    }
  }
}

describe('device tokens at sign-in', () => {
  it('answers a device token beside the auth token, a new one each time', async () => {
    const first = await signIn(ADMIN, newAddress());
    const second = await signIn(ADMIN, newAddress());
    expect(first.json.data.deviceToken).toMatch(/^\d+\.\d+\.[\w-]{22}\.[\w-]{43}$/);
    expect(second.json.data.deviceToken).not.toBe(first.json.data.deviceToken);
  });

  it('lets the super user in from a known device after strangers failed 20 times for the name', async () => {
    const device = await deviceOf(ADMIN.userName, ADMIN.password);
    await lockOut(ADMIN.userName);
    // Unknown devices stay throttled as before: the name is locked for everyone else.
    const stranger = await signIn(ADMIN, newAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json.error.code).toBe('THROTTLED');

    const known = await signIn({ ...ADMIN, deviceToken: device }, newAddress());
    expect(known.statusCode).toBe(200);
    const token = known.json.data.authToken;
    expect((await t.call(token, { method: 'GET', url: '/api/user-access/menus' })).statusCode).toBe(200);
    // The name stays locked for unknown devices after that sign-in.
    expect((await signIn(ADMIN, newAddress())).statusCode).toBe(429);
  });

  it('leaves a stranger on the same network throttled after the user signs in from a known device', async () => {
    const user = await newUser();
    const device = await deviceOf(user.userName);
    const office = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await signIn({ userName: user.userName, password: 'yanlis' }, office)).statusCode).toBe(401);
    }
    const right = { userName: user.userName, password: PASSWORD };
    expect((await signIn({ ...right, deviceToken: device }, office)).statusCode).toBe(200);
    expect((await signIn(right, office)).statusCode).toBe(429);
  });

  it('ignores a device token of another user: the sign-in is throttled as an unknown device', async () => {
    const victim = await newUser();
    const other = await newUser();
    const othersDevice = await deviceOf(other.userName);
    await lockOut(victim.userName);
    const answer = await signIn(
      { userName: victim.userName, password: PASSWORD, deviceToken: othersDevice },
      newAddress(),
    );
    expect(answer.statusCode).toBe(429);
  });

  it('ignores a forged, an altered and an expired device token', async () => {
    const victim = await newUser();
    const device = await deviceOf(victim.userName);
    await lockOut(victim.userName);
    const [, issuedAt, nonce, mac] = device.split('.');
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const expired = await issueDeviceToken(t.db, victim.id, Date.now() - DEVICE_TOKEN_LIFETIME_MS - 1000);
    for (const deviceToken of [
      `${victim.id}.${issuedAt}.${nonce}.${flip(mac!, 0)}`,
      // The last character's spare bits: the same signature decoded, a different text.
      `${victim.id}.${issuedAt}.${nonce}.${flip(mac!, 42)}`,
      `${victim.id}.${Number(issuedAt) + 1}.${nonce}.${mac}`,
      `${victim.id}.${issuedAt}.${'A'.repeat(22)}.${mac}`,
      expired,
      'nope',
    ]) {
      const answer = await signIn(
        { userName: victim.userName, password: PASSWORD, deviceToken },
        newAddress(),
      );
      expect(answer.statusCode, deviceToken).toBe(429);
    }
    // The genuine one still works.
    const genuine = await signIn(
      { userName: victim.userName, password: PASSWORD, deviceToken: device },
      newAddress(),
    );
    expect(genuine.statusCode).toBe(200);
  });

  it('throttles a known device that guesses wrong too often, and only that device', async () => {
    const user = await newUser();
    const device = await deviceOf(user.userName);
    const otherDevice = await deviceOf(user.userName);
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(
        { userName: user.userName, password: 'yanlis', deviceToken: device },
        address,
      );
      expect(wrong.statusCode).toBe(401);
    }
    const locked = await signIn(
      { userName: user.userName, password: PASSWORD, deviceToken: device },
      address,
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json.error.message).toMatch(/^Bu cihazdan çok fazla başarısız giriş denemesi yapıldı/);
    // The device's failures are its own: the name, the address and the user's other device are not locked.
    expect((await signIn({ userName: user.userName, password: PASSWORD }, address)).statusCode).toBe(200);
    const other = await signIn(
      { userName: user.userName, password: PASSWORD, deviceToken: otherDevice },
      address,
    );
    expect(other.statusCode).toBe(200);
  });

  it('lets no more wrong passwords through for one device than its budget when they arrive at once', async () => {
    const user = await newUser();
    const device = await deviceOf(user.userName);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        signIn({ userName: user.userName, password: 'yanlis', deviceToken: device }, newAddress()),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('forgives a device its failures when it signs in with the right password', async () => {
    const user = await newUser();
    const device = await deviceOf(user.userName);
    const wrong = { userName: user.userName, password: 'yanlis', deviceToken: device };
    for (let i = 0; i < 4; i++) expect((await signIn(wrong, newAddress())).statusCode).toBe(401);
    const right = await signIn({ ...wrong, password: PASSWORD }, newAddress());
    expect(right.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(wrong, newAddress())).statusCode).toBe(401);
  });

  it('knows the device on every server process of the database: the key is kept there', async () => {
    const user = await newUser();
    const device = await deviceOf(user.userName);
    await lockOut(user.userName);
    const sibling = await t.sibling();
    const answer = await signIn(
      { userName: user.userName, password: PASSWORD, deviceToken: device },
      newAddress(),
      sibling.call,
    );
    expect(answer.statusCode).toBe(200);
    const keys = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from server_secrets where name = 'device-token-key'`,
    );
    expect(keys[0]!.n).toBe(1);
  });

  it('refuses a device token longer than any the server issues as bad input', async () => {
    const answer = await signIn({ ...ADMIN, deviceToken: 'x'.repeat(201) }, newAddress());
    expect(answer.statusCode).toBe(400);
    expect(answer.json.error.field).toBe('deviceToken');
  });
});
