import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { connectPglite, connectPostgres, type Database } from '../src/db/client.ts';

let pgliteTemplate: Promise<Blob> | undefined;

function templateBlob(file: string): Promise<Blob> {
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/**
 * The migrated template of the PGlite run, for a test that starts an embedded database on a data
 * directory of its own: no initdb to wait for. Undefined on a PostgreSQL run, which has none.
 */
export async function pgliteTemplateBlob(): Promise<Blob | undefined> {
  const templateFile = inject('pgliteTemplateFile');
  return templateFile ? templateBlob(templateFile) : undefined;
}

/**
 * A fresh, migrated database for one test file, copied from the template that the global setup
 * migrated once: in-memory PGlite by default, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL / DATABASE_URL, dropped again on close. `migrate()` still runs, and finds nothing
 * left to do, so a template older than the migrations cannot hide one.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await connectPglite(undefined, await pgliteTemplateBlob());
    await database.migrate();
    return database;
  }
  const { url, drop } = await createPostgresTestDatabase(serverUrl);
  // The drop below ends the pool's connections; that is expected here.
  const database = connectPostgres(url, { poolSize: 5, onIdleError: () => {} });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, copied from the migrated template: its URL,
 * for a test that starts server processes on it, and the drop that ends it.
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mandira_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
