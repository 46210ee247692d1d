import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { SYSTEM_ACTOR } from '../http/auth.ts';
import { seedBuiltInRoles } from '../modules/access/role.service.ts';
import { pruneSessions } from '../modules/access/session.service.ts';
import { ensureSuperUser } from '../modules/access/user.service.ts';

/** Whether this start created the super user, and the password it generated if none was given. */
export type SuperUserSetup = { created: boolean; generatedPassword?: string };

/**
 * What every start does after migrating: built-in roles, the super user, housekeeping. The caller
 * tells the person at the terminal about the super user (the start banner).
 */
export async function bootstrap(db: Db, config: Config): Promise<SuperUserSetup> {
  await db.transaction((tx) => seedBuiltInRoles(tx, SYSTEM_ACTOR));
  const superUser = await db.transaction((tx) =>
    ensureSuperUser(tx, SYSTEM_ACTOR, { userName: config.adminUserName, password: config.adminPassword }),
  );
  const monthAgo = new Date(Date.now() - 30 * 24 * 3600_000);
  await db.transaction((tx) => pruneSessions(tx, SYSTEM_ACTOR, monthAgo));
  return superUser;
}
