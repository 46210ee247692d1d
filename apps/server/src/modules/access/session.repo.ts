import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Db, perDatabase, type Tx } from '../../db/client.ts';
import { sessions, signInFailures, users } from '../../db/schema.ts';
import { grantsOfUserSql } from './actor.repo.ts';

/** The user of this name, whatever its case; undefined when there is none. */
export async function userNamed(db: Db, userName: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return user;
}

export async function insertSession(tx: Tx, row: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(row);
}

/** Ends the session of this token hash, unless it has ended already. */
export async function revokeSessionOfHash(tx: Tx, tokenHash: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/**
 * Every request that misses the session cache runs this look-up, so it is a prepared statement: built
 * once per database and planned once per connection, instead of on each call.
 */
const sessionLookupOf = perDatabase((db) =>
  db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      userName: users.userName,
      grants: grantsOfUserSql(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'ACTIVE'),
      ),
    )
    .limit(1)
    .prepare('session_lookup'),
);

/** The live session of this token hash with its active user and their grants; undefined when none. */
export async function lookUpSession(db: Db, tokenHash: string) {
  const [row] = await sessionLookupOf(db).execute({ tokenHash });
  return row;
}

export async function setSessionExpiry(db: Db, sessionId: number, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user not ended yet. */
export async function revokeSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Drops the sessions expired and the failed sign-ins made before `olderThan`. */
export async function deleteSessionsAndFailuresBefore(tx: Tx, olderThan: Date): Promise<void> {
  await tx.delete(sessions).where(lt(sessions.expiresAt, olderThan));
  await tx.delete(signInFailures).where(lt(signInFailures.at, olderThan));
}
