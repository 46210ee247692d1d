import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped once; each test file starts from a copy. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database that each test file's database is created from. */
    postgresTemplate: string;
  }
}

/**
 * Migrating a fresh database per test file cost most of `npm test`: the embedded database's initdb
 * alone takes seconds. One migrated template is made here, and every file copies it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `mandira_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const template = connectPostgres(url.toString(), { poolSize: 1, onIdleError: () => {} });
    await template.migrate();
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'mandira-test-template-'));
  const file = path.join(folder, 'pglite.tar');
  const database = await connectPglite();
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // No test makes a database, so the cluster's two templates are only a third of every copy to unpack:
  // without them a file's database starts in two thirds of the time.
  for (const template of ['template0', 'template1']) {
    await client.exec(`alter database ${template} with is_template false allow_connections false`);
    await client.exec(`drop database ${template}`);
  }
  const dump = await client.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', '');
  return () => rm(folder, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
