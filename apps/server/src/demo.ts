import path from 'node:path';
import { loadConfig } from './config.ts';
import { bootstrap } from './db/bootstrap.ts';
import { connectPglite, connectPostgres, DataDirLockedError, takeDataDirLock } from './db/client.ts';
import { NotADemoFolderError, prepareDemoFolder } from './db/demo-dir.ts';
import { DEMO_SEEDERS } from './db/demo-seed.ts';
import { seedDemoUsers } from './db/demo-users.ts';

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
  const config = loadConfig({
    ADMIN_PASSWORD: 'admin1234',
    ERP_SOURCE: sampleErp,
    ...process.env,
    DATA_DIR: dataDir,
  });
  if (!config.databaseUrl) prepareDemoFolder(dataDir);
  const database = config.databaseUrl
    ? connectPostgres(config.databaseUrl, { timeouts: config.databaseTimeouts })
    : await connectPglite(dataDir);
  await database.migrate();
  await bootstrap(database.db, config, console);
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
  console.log(
    `\n  Demo hazır. Giriş: ${config.adminUserName} / ${config.adminPassword} ; her rol için bir kullanıcı: sales_admin, order_manager, warehouse_staff … / demo1234\n`,
  );
  await import('./main.ts');
}

demo().catch((error) => {
  const known = error instanceof DataDirLockedError || error instanceof NotADemoFolderError;
  console.error(known ? error.message : error);
  process.exit(1);
});
