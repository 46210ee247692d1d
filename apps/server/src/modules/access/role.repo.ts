import { asc, eq, inArray } from 'drizzle-orm';
import { type Db, oneByOne, type Tx } from '../../db/client.ts';
import { knownPrivileges, rolePrivileges, roles, userRoles } from '../../db/schema.ts';

/** Every role's key and label, in the order they were made. */
export function selectRoleEntries(db: Db) {
  return db.select({ key: roles.key, label: roles.label }).from(roles).orderBy(asc(roles.id));
}

/** The key and label of each role the user holds, in the order the roles were made. */
export function selectRoleEntriesOfUser(db: Db, userId: number) {
  return db
    .select({ key: roles.key, label: roles.label })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.id));
}

/** Every role row and every privilege a role holds, read one after the other. */
export function selectRolesAndPrivileges(db: Db | Tx) {
  return oneByOne([db.select().from(roles).orderBy(asc(roles.id)), db.select().from(rolePrivileges)]);
}

/** The role with this key, its id alone; undefined when there is none. */
export async function roleIdOfKey(db: Db | Tx, key: string): Promise<{ id: number } | undefined> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
  return role;
}

/** The roles among these keys, with their ids. */
export function rolesWithKeys(db: Db | Tx, keys: string[]) {
  return db.select({ id: roles.id, key: roles.key }).from(roles).where(inArray(roles.key, keys));
}

/** The role's row, locked until the transaction ends. */
export async function lockRole(tx: Tx, roleId: number) {
  const [role] = await tx.select().from(roles).where(eq(roles.id, roleId)).for('update');
  return role;
}

export async function insertRole(tx: Tx, row: { key: string; label: string }): Promise<number> {
  const [created] = await tx.insert(roles).values(row).returning({ id: roles.id });
  return created!.id;
}

export async function updateRoleRow(tx: Tx, roleId: number, row: { key: string; label: string }) {
  await tx.update(roles).set(row).where(eq(roles.id, roleId));
}

/** The roles of these keys that are not there yet, marked built in. */
export async function insertBuiltInRoles(tx: Tx, labels: Record<string, string>): Promise<void> {
  await tx
    .insert(roles)
    .values(Object.entries(labels).map(([key, label]) => ({ key, label, builtIn: true })))
    .onConflictDoNothing({ target: roles.key });
}

/** The role's privileges, each once. */
export async function insertRolePrivileges(tx: Tx, roleId: number, privileges: readonly string[]) {
  const unique = [...new Set(privileges)];
  if (unique.length > 0) {
    await tx.insert(rolePrivileges).values(unique.map((privilege) => ({ roleId, privilege })));
  }
}

/** Grants of privileges to roles; one a role already holds stays as it is. */
export async function insertGrantsIfMissing(
  tx: Tx,
  grants: { roleId: number; privilege: string }[],
): Promise<void> {
  if (grants.length > 0) await tx.insert(rolePrivileges).values(grants).onConflictDoNothing();
}

export async function deleteRolePrivileges(tx: Tx, roleId: number): Promise<void> {
  await tx.delete(rolePrivileges).where(eq(rolePrivileges.roleId, roleId));
}

/** The privilege keys the roles were handed out at some start. */
export async function knownPrivilegeKeys(tx: Tx): Promise<Set<string>> {
  return new Set((await tx.select().from(knownPrivileges)).map((row) => row.key));
}

export async function insertKnownPrivileges(tx: Tx, keys: readonly string[]): Promise<void> {
  await tx.insert(knownPrivileges).values(keys.map((key) => ({ key })));
}
