import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema.ts';

type UserFields = Pick<
  typeof users.$inferInsert,
  'userName' | 'name' | 'surname' | 'email' | 'phone' | 'status'
>;

/** Every user (or the one `onlyId`), in the order they were made. */
export function selectUsers(db: Db | Tx, onlyId?: number) {
  return db
    .select()
    .from(users)
    .where(onlyId === undefined ? undefined : eq(users.id, onlyId))
    .orderBy(asc(users.id));
}

/** The roles every user (or the one `onlyId`) holds, with their keys and labels. */
export function selectRolesOfUsers(db: Db | Tx, onlyId?: number) {
  return db
    .select({ userId: userRoles.userId, key: roles.key, label: roles.label })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(onlyId === undefined ? undefined : eq(userRoles.userId, onlyId))
    .orderBy(asc(roles.id));
}

export async function countUserRows(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

export async function selectUser(tx: Tx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The user's row, locked until the transaction ends. */
export async function lockUser(tx: Tx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/** The id of the user of this name, whatever its case; undefined when there is none. */
export async function userIdNamed(tx: Tx, userName: string): Promise<{ id: number } | undefined> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`);
  return user;
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<number> {
  const [created] = await tx.insert(users).values(row).returning({ id: users.id });
  return created!.id;
}

export async function updateUserRow(tx: Tx, userId: number, fields: UserFields): Promise<void> {
  await tx.update(users).set(fields).where(eq(users.id, userId));
}

export async function setPasswordHash(tx: Tx, userId: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Whether the user holds the role of this key. */
export async function holdsRole(db: Db | Tx, userId: number, roleKey: string): Promise<boolean> {
  const [row] = await db
    .select({ key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.key, roleKey)));
  return row !== undefined;
}

export async function insertUserRoles(tx: Tx, userId: number, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function deleteUserRoles(tx: Tx, userId: number): Promise<void> {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
}
