import { and, count, eq, gt, type SQL, sql } from 'drizzle-orm';
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

export type Attempt = { id: number; key: string; address: string };

/** Namespace of the advisory locks that make one user name's attempts count one after another. */
const THROTTLE_LOCK = 7_401_002;

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
    const ofName = eq(signInFailures.userName, key);
    const fromAddress = eq(signInFailures.address, address);
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
  if (!booked) {
    const minutes = Math.round(config.signInWindowMs / 60_000);
    throw new AppError(
      'THROTTLED',
      `Çok fazla başarısız giriş denemesi yapıldı. Lütfen ${minutes} dakika sonra tekrar deneyin.`,
    );
  }
  return { id: booked.id, key, address };
}

/** An attempt that was not a wrong password (the right one for a passive account) is not a failure. */
export async function forgetAttempt(db: Db, attempt: Attempt): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, attempt.id));
}

/** After a successful sign-in: this name's failures from this address are forgiven, nothing else. */
export async function clearFailures(db: Db | Tx, attempt: Attempt): Promise<void> {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.userName, attempt.key), eq(signInFailures.address, attempt.address)));
}
