// First, so V8's heap settings hold before the server allocates (decision 194).
import './v8-heap-settings.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { connectPglite, connectPostgres, type Database, DataDirLockedError } from './db/client.ts';
import { logOptions } from './log-options.ts';
import { bootstrap, type SuperUserSetup } from './start/bootstrap.ts';
import { type DemoSignIn, startBanner } from './start-banner.ts';

/**
 * config → db → migrate → bootstrap admin → listen → the start banner. `npm start` runs this file;
 * `npm run demo` calls it after loading the demo data, with the demo's users for the banner.
 */
export async function startServer(demo?: DemoSignIn): Promise<void> {
  try {
    await start(demo);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}

async function start(demo: DemoSignIn | undefined): Promise<void> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? connectPostgres(config.databaseUrl, {
        migrationUrl: config.migrationDatabaseUrl,
        timeouts: config.databaseTimeouts,
      })
    : await connectPglite(config.dataDir);
  const app = await buildApp({ config, database, logger: logOptions(config) });
  const log = app.log;
  let superUser: SuperUserSetup;
  try {
    await database.migrate();
    superUser = await bootstrap(database.db, config);
  } catch (error) {
    log.fatal({ err: error }, 'veritabanı hazırlanamadı');
    await database.close();
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'kapanıyor');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  // Plain text, outside the log: the first thing a person starting the portal needs to read.
  process.stdout.write(
    startBanner({
      url: `http://localhost:${port}`,
      database: describe(database, config),
      adminUserName: config.adminUserName,
      superUser,
      demo,
    }),
  );
}

function describe(database: Database, config: Config): string {
  return database.kind === 'postgres' ? 'PostgreSQL' : `gömülü veritabanı: ${config.dataDir}`;
}

// Started as a program (`tsx src/main.ts`), not imported by demo.ts.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void startServer();
}
