import { and, count, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

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

function throttled(config: Config, fromDevice: boolean): AppError {
  const minutes = Math.round(config.signInWindowMs / 60_000);
  const where = fromDevice ? 'Bu cihazdan çok' : 'Çok';
  return new AppError(
    'THROTTLED',
    `${where} fazla başarısız giriş denemesi yapıldı. Lütfen ${minutes} dakika sonra tekrar deneyin.`,
  );
}

/**
 * Counts, then books an attempt before the password is checked, under a transaction lock on the user
 * name: parallel attempts on one name are counted one after another, so no more than the allowed
 * number get through (decision 51). A wrong password keeps its booking as a failure.
 */
export async function bookAttempt(db: Db, config: Config, key: string, address: string): Promise<Attempt> {
  const booked = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK}, hashtext(${key}))`);
    const since = gt(signInFailures.at, new Date(Date.now() - config.signInWindowMs));
    const failures = async (...where: SQL[]) => {
      const [row] = await tx
        .select({ value: count() })
        .from(signInFailures)
        .where(and(since, ...where));
      return row?.value ?? 0;
    };
    const max = config.signInMaxFailures;
    // A known device's failures are its own (decision 97): they lock neither the name nor the address.
    const untrusted = isNull(signInFailures.device);
    const ofName = and(untrusted, eq(signInFailures.userName, key))!;
    const fromAddress = and(untrusted, eq(signInFailures.address, address))!;
    if (
      (await failures(ofName, fromAddress)) >= max ||
      (await failures(ofName)) >= max * NAME_FACTOR ||
      (await failures(fromAddress)) >= max * ADDRESS_FACTOR
    ) {
      return undefined;
    }
    const [row] = await tx
      .insert(signInFailures)
      .values({ userName: key, address })
      .returning({ id: signInFailures.id });
    return row!;
  });
  if (!booked) throw throttled(config, false);
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
): Promise<Attempt> {
  const booked = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEVICE_LOCK}, hashtext(${device}))`);
    const [failures] = await tx
      .select({ value: count() })
      .from(signInFailures)
      .where(
        and(
          gt(signInFailures.at, new Date(Date.now() - config.signInWindowMs)),
          eq(signInFailures.device, device),
        ),
      );
    if ((failures?.value ?? 0) >= config.signInMaxFailures) return undefined;
    const [row] = await tx
      .insert(signInFailures)
      .values({ userName: key, address, device })
      .returning({ id: signInFailures.id });
    return row!;
  });
  if (!booked) throw throttled(config, true);
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
