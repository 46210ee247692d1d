import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { seedBuiltInRoles } from '../modules/access/role.service.ts';
import { pruneSessions } from '../modules/access/session.service.ts';
import { ensureSuperUser } from '../modules/access/user.service.ts';
import type { Db } from './client.ts';

/** What every start does after migrating: built-in roles, the super user, housekeeping. */
export async function bootstrap(
  db: Db,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  await seedBuiltInRoles(db);
  const superUser = await ensureSuperUser(db, config.adminUserName, config.adminPassword);
  if (superUser.generatedPassword) {
    // Printed once, on purpose outside the structured log, so it is seen and not collected.
    process.stdout.write(
      `\n  İlk kurulum: süper kullanıcı '${config.adminUserName}' oluşturuldu.\n` +
        `  Şifre: ${superUser.generatedPassword}\n  Bu şifre yalnızca bir kez gösterilir; giriş yaptıktan sonra saklayın.\n\n`,
    );
  } else if (superUser.created) {
    log.info(`süper kullanıcı '${config.adminUserName}' ADMIN_PASSWORD ile oluşturuldu`);
  }
  await pruneSessions(db, new Date(Date.now() - 30 * 24 * 3600_000));
}
