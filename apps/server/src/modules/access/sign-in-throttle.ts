import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';
import { ThrottledError } from '../../http/errors.ts';
import type { ThrottleMemory, ThrottleSubject } from './throttle-memory.ts';

/** One user name may fail from several addresses before it is throttled everywhere (decision 51). */
const NAME_FACTOR = 4;
/** An address may fail for several user names before it is throttled too. */
const ADDRESS_FACTOR = 4;
/** Longer than any user name (50); what is kept of a longer one in the table and the log. */
export const USER_NAME_KEY_LENGTH = 64;

/**
 * The throttling key of a typed user name: every spelling of one name shares a counter. Turkish
 * lower-casing would keep `I` (→ ı) and `i` apart, so the four i's are folded into one first; NUL,
 * which PostgreSQL text cannot hold, is dropped, and a name is cut to what an index can hold.
 */
export function throttleKey(userName: string): string {
  return userName
    .normalize('NFKC')
    .replace(/[İIıi]/g, 'i')
    .toLowerCase()
    .replaceAll('\u0000', '')
    .slice(0, USER_NAME_KEY_LENGTH);
}

/** `device`: the nonce of the known device the attempt came from (decision 97). */
export type Attempt = { id: number; key: string; address: string; device?: string };

/** Namespace of the advisory locks that make one user name's attempts count one after another. */
const THROTTLE_LOCK = 7_401_002;
/** The same for the attempts of one known device. */
const DEVICE_LOCK = 7_401_003;

/** A 429 this process gave from its memory of the database's refusals (decision 148). */
export class RememberedThrottle extends ThrottledError {}

/**
 * The 429 of a throttled attempt; `until` is the earliest moment the refusal could lift, which the
 * message names in minutes and `Retry-After` in seconds.
 */
export function throttled(
  fromDevice: boolean,
  until: number,
  { now = Date.now(), remembered = false } = {},
): ThrottledError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const where = fromDevice ? 'Bu cihazdan çok' : 'Çok';
  const message = `${where} fazla başarısız giriş denemesi yapıldı. Lütfen ${minutes} dakika sonra tekrar deneyin.`;
  return remembered ? new RememberedThrottle(message, seconds) : new ThrottledError(message, seconds);
}

/** The throttling subjects of an attempt from an unknown device, as the memory of refusals knows them. */
export function subjectsOf(key: string, address: string): ThrottleSubject[] {
  return [
    { kind: 'pair', key, address },
    { kind: 'name', key },
    { kind: 'address', address },
  ];
}

/** Epoch milliseconds of a timestamp aggregate, read the same from PostgreSQL and the embedded database. */
const epochMs = (value: SQL) =>
  sql<number | null>`(extract(epoch from ${value}) * 1000)::float8`.mapWith(Number);

/**
 * Counts, then books an attempt before the password is checked, under a transaction lock on the user
 * name: parallel attempts on one name are counted one after another, so no more than the allowed
 * number get through (decision 51). A wrong password keeps its booking as a failure. A refusal is
 * remembered with the moment its oldest counted failure leaves the window (decision 148).
 */
export async function bookAttempt(
  db: Db,
  config: Config,
  key: string,
  address: string,
  memory: ThrottleMemory,
): Promise<Attempt> {
  const windowStart = Date.now() - config.signInWindowMs;
  const booked = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK}, hashtext(${key}))`);
    const ofName = eq(signInFailures.userName, key);
    const fromAddress = eq(signInFailures.address, address);
    const ofPair = and(ofName, fromAddress)!;
    const counted = (where: SQL) => ({
      failures: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
      oldest: epochMs(sql`min(${signInFailures.at}) filter (where ${where})`),
    });
    const [row] = await tx
      .select({ pair: counted(ofPair), name: counted(ofName), address: counted(fromAddress) })
      .from(signInFailures)
      // A known device's failures are its own (decision 97): they lock neither the name nor the address.
      .where(
        and(
          gt(signInFailures.at, new Date(windowStart)),
          isNull(signInFailures.device),
          or(ofName, fromAddress),
        ),
      );
    const max = config.signInMaxFailures;
    const limits = [
      { subject: { kind: 'pair', key, address }, limit: max, count: row?.pair },
      { subject: { kind: 'name', key }, limit: max * NAME_FACTOR, count: row?.name },
      { subject: { kind: 'address', address }, limit: max * ADDRESS_FACTOR, count: row?.address },
    ] as const;
    const refused = limits.filter(({ limit, count }) => (count?.failures ?? 0) >= limit);
    if (refused.length > 0) {
      return refused.map(({ subject, count }) => ({
        subject,
        until: (count?.oldest ?? Date.now()) + config.signInWindowMs,
      }));
    }
    const [inserted] = await tx
      .insert(signInFailures)
      .values({ userName: key, address })
      .returning({ id: signInFailures.id });
    return inserted!;
  });
  if (Array.isArray(booked)) {
    for (const { subject, until } of booked) memory.remember(subject, until);
    throw throttled(false, Math.max(...booked.map(({ until }) => until)));
  }
  return { id: booked.id, key, address };
}

/**
 * The same for a sign-in from a known device: judged by that device's own failures alone, at most
 * `SIGN_IN_MAX_FAILURES` within the window, whatever the name or the address has suffered (decision 97).
 */
export async function bookDeviceAttempt(
  db: Db,
  config: Config,
  key: string,
  address: string,
  device: string,
  memory: ThrottleMemory,
): Promise<Attempt> {
  const windowStart = Date.now() - config.signInWindowMs;
  const booked = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEVICE_LOCK}, hashtext(${device}))`);
    const [row] = await tx
      .select({
        failures: sql<number>`count(*)`.mapWith(Number),
        oldest: epochMs(sql`min(${signInFailures.at})`),
      })
      .from(signInFailures)
      .where(and(gt(signInFailures.at, new Date(windowStart)), eq(signInFailures.device, device)));
    if ((row?.failures ?? 0) >= config.signInMaxFailures) {
      return { until: (row?.oldest ?? Date.now()) + config.signInWindowMs };
    }
    const [inserted] = await tx
      .insert(signInFailures)
      .values({ userName: key, address, device })
      .returning({ id: signInFailures.id });
    return inserted!;
  });
  if ('until' in booked) {
    memory.remember({ kind: 'device', nonce: device }, booked.until);
    throw throttled(true, booked.until);
  }
  return { id: booked.id, key, address, device };
}

/** An attempt that was not a wrong password (the right one for a passive account) is not a failure. */
export async function forgetAttempt(db: Db, attempt: Attempt): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, attempt.id));
}

/**
 * After a successful sign-in: from an unknown device, this name's failures from this address are
 * forgiven, nothing else; from a known device, that device's failures alone, so strangers guessing from
 * the same network stay throttled (decision 97).
 */
export async function clearFailures(db: Db | Tx, attempt: Attempt): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      attempt.device
        ? eq(signInFailures.device, attempt.device)
        : and(eq(signInFailures.userName, attempt.key), eq(signInFailures.address, attempt.address)),
    );
}
