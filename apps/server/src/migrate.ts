import { ConfigError, loadConfig } from './config.ts';
import { connectPglite, connectPostgres, DataDirLockedError } from './db/client.ts';

/**
 * `npm run migrate`: migrates the database and gives the server's role its rights, without starting
 * the server (docs/decisions/0150-audit-chain-and-database-roles.md). Run at each deployment with
 * MIGRATION_DATABASE_URL (the owner) and DATABASE_URL (the server's role); the servers then start with
 * DATABASE_URL alone, so the owner's password never reaches them.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? connectPostgres(config.databaseUrl, {
        migrationUrl: config.migrationDatabaseUrl,
        poolSize: 1,
        timeouts: config.databaseTimeouts,
        statisticsEveryMs: false,
      })
    : await connectPglite(config.dataDir);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  console.log('Veritabanı güncel.');
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
