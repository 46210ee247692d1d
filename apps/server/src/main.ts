import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { bootstrap } from './db/bootstrap.ts';
import { connectPglite, connectPostgres, type Database, DataDirLockedError } from './db/client.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? connectPostgres(config.databaseUrl, { timeouts: config.databaseTimeouts })
    : await connectPglite(config.dataDir);
  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      redact: ['req.headers["auth-token"]', 'req.headers.authorization'],
    },
  });
  const log = app.log;
  try {
    await database.migrate();
    await bootstrap(database.db, config, log);
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
  log.info(
    `Mandıra Portal hazır: http://localhost:${(app.server.address() as { port: number }).port} (${describe(database)})`,
  );
}

function describe(database: Database): string {
  return database.kind === 'postgres' ? 'PostgreSQL' : 'gömülü veritabanı';
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
