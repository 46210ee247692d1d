import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
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
  await seedBuiltInRoles(db);
  const superUser = await ensureSuperUser(db, config.adminUserName, config.adminPassword);
  await pruneSessions(db, new Date(Date.now() - 30 * 24 * 3600_000));
  return superUser;
}
