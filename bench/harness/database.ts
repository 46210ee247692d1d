/** The throw-away PostgreSQL database of a run, on the server BENCH_POSTGRES_URL names. */
import pg from 'pg';
import { onCleanup } from './process.ts';

/** A PostgreSQL server URL whose database may create and drop others. */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database, dropped at exit unless BENCH_KEEP_DATABASE is set (to study its plans afterwards). */
export async function createDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  if (process.env.BENCH_KEEP_DATABASE) {
    console.log(`[bench] keeping database ${name}`);
    return databaseUrl(name);
  }
  onCleanup(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });
  return databaseUrl(name);
}
