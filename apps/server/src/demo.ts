import path from 'node:path';
import { loadConfig } from './config.ts';
import { connectPglite, connectPostgres, DataDirLockedError, takeDataDirLock } from './db/client.ts';
import { NotADemoFolderError, prepareDemoFolder } from './demo/demo-dir.ts';
import { DEMO_SEEDERS } from './demo/demo-seed.ts';
import { DEMO_PASSWORD, demoUserNames, seedDemoUsers } from './demo/demo-users.ts';
import { startServer } from './main.ts';
import { bootstrap } from './start/bootstrap.ts';

/** The super user's password in the demo, unless ADMIN_PASSWORD chooses another. */
const DEMO_ADMIN_PASSWORD = 'admin1234';

/**
 * `npm run demo`: a fresh embedded database (DEMO_DATA_DIR, default ./data-demo) filled with the
 * demo data set, then the portal on it. With DATABASE_URL the demo data goes into that database,
 * which must be empty.
 */
async function demo(): Promise<void> {
  const dataDir = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.env.DEMO_DATA_DIR ?? './data-demo',
  );
  const sampleErp = new URL('../../../docs/erp-sample.json', import.meta.url).pathname;
  const chosenPassword = process.env.ADMIN_PASSWORD?.trim() || undefined;
  const config = loadConfig({
    ERP_SOURCE: sampleErp,
    ...process.env,
    ADMIN_PASSWORD: chosenPassword ?? DEMO_ADMIN_PASSWORD,
    DATA_DIR: dataDir,
  });
  if (!config.databaseUrl) prepareDemoFolder(dataDir);
  const database = config.databaseUrl
    ? connectPostgres(config.databaseUrl, {
        migrationUrl: config.migrationDatabaseUrl,
        timeouts: config.databaseTimeouts,
      })
    : await connectPglite(dataDir);
  await database.migrate();
  await bootstrap(database.db, config);
  await seedDemoUsers(database.db);
  for (const seeder of DEMO_SEEDERS) {
    console.log(`demo verisi: ${seeder.area}`);
    await seeder.seed(database.db);
  }
  await database.close();
  // Closing freed the folder; it is taken back at once, so no other process slips in before the server.
  if (!config.databaseUrl) takeDataDirLock(dataDir);
  process.env.DATA_DIR = dataDir;
  process.env.ADMIN_PASSWORD = config.adminPassword;
  process.env.ERP_SOURCE = config.erpSource;
  console.log('demo verisi hazır');
  await startServer({
    adminPassword: chosenPassword ? undefined : DEMO_ADMIN_PASSWORD,
    roleUsers: demoUserNames(),
    roleUsersPassword: DEMO_PASSWORD,
  });
}

demo().catch((error) => {
  const known = error instanceof DataDirLockedError || error instanceof NotADemoFolderError;
  console.error(known ? error.message : error);
  process.exit(1);
});
