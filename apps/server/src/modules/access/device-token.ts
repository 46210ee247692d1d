import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema.ts';

/**
 * Device tokens (decision 97; OWASP's "slow down online guessing with device cookies"): a successful
 * sign-in hands the browser a token naming the user, signed with a key of the server. A later sign-in
 * that shows it is judged by that device's own failures, so strangers guessing a password cannot lock
 * the user out of a device they signed in from before.
 */

/** How long a device stays known after its last successful sign-in. */
export const DEVICE_TOKEN_LIFETIME_MS = 365 * 24 * 3600_000;
const SECRET_NAME = 'device-token-key';
const FORMAT = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * The signing key, made at random by the first process that needs it and kept in the database, so
 * every process on it (and every restart) checks the same signatures.
 */
async function readOrMakeKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  return Buffer.from(row!.value, 'base64url');
}

const keys = new WeakMap<Db, Promise<Buffer>>();
function keyOf(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readOrMakeKey(db);
    keys.set(db, key);
    // A database that could not be reached is asked again next time.
    key.catch(() => keys.delete(db));
  }
  return key;
}

function signature(key: Buffer, userId: number, issuedAt: number, nonce: string): Buffer {
  return createHmac('sha256', key).update(`device:${userId}.${issuedAt}.${nonce}`).digest();
}

/** A new device token of the user: `userId.issuedAt.nonce.signature`. */
export async function issueDeviceToken(db: Db, userId: number, now = Date.now()): Promise<string> {
  const key = await keyOf(db);
  const issuedAt = Math.floor(now / 1000);
  const nonce = randomBytes(16).toString('base64url');
  const mac = signature(key, userId, issuedAt, nonce).toString('base64url');
  return `${userId}.${issuedAt}.${nonce}.${mac}`;
}

/**
 * The user and device a token names, when it is signed with the server's key and not expired; anything
 * else (a forged or expired token, any text) is no device. Read before the user is looked up: a signed
 * token puts its sign-in ahead of strangers' in the line of password checks (decision 148).
 */
export async function readDeviceToken(db: Db, token: string, now = Date.now()) {
  const match = FORMAT.exec(token);
  if (!match) return undefined;
  const userId = Number(match[1]);
  const issuedAt = Number(match[2]);
  if (issuedAt * 1000 + DEVICE_TOKEN_LIFETIME_MS <= now || issuedAt * 1000 > now + 60_000) return undefined;
  const nonce = match[3]!;
  // Compared as text: base64url leaves spare bits in the last character, which decoding would ignore.
  const expected = Buffer.from(signature(await keyOf(db), userId, issuedAt, nonce).toString('base64url'));
  const given = Buffer.from(match[4]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId, nonce };
}

/** The device a token names when it is also this user's; another user's token is an unknown device. */
export async function knownDevice(db: Db, token: string, userId: number, now = Date.now()) {
  const device = await readDeviceToken(db, token, now);
  return device?.userId === userId ? { nonce: device.nonce } : undefined;
}
