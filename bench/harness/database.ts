/** The throw-away PostgreSQL database of a run, on the server BENCH_POSTGRES_URL names. */
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { onCleanup } from './process.ts';
import { ROOT } from './server.ts';

/** A PostgreSQL server URL whose database may create and drop others. */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The two roles of the README's "PostgreSQL roles": the migration role owns the tables, the server's
 * role only gets its rights (decision 150). Made on the cluster once, if missing.
 */
export const ROLES = { owner: 'mandira_owner', server: 'mandira_server' } as const;

async function ensureRoles(admin: pg.Client): Promise<void> {
  for (const role of Object.values(ROLES)) {
    const { rowCount } = await admin.query('select 1 from pg_roles where rolname = $1', [role]);
    if (rowCount) continue;
    // Another run may make it at the same time: its role is as good as ours.
    await admin.query(`create role ${role} login`).catch((error: { code?: string }) => {
      if (error.code !== '42710' && error.code !== '23505') throw error;
    });
  }
}

function asRole(url: string, role: string): string {
  const next = new URL(url);
  next.username = role;
  next.password = '';
  return next.toString();
}

/**
 * A fresh database set up as the README says for production: owned by the migration role, open only
 * to it and the server's role, and migrated by the owner. `serverUrl` is the servers' DATABASE_URL,
 * `adminUrl` the superuser's, for checks that read behind the servers.
 */
export async function createDatabaseWithRoles(
  prefix: string,
): Promise<{ adminUrl: string; serverUrl: string }> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await ensureRoles(admin);
  } finally {
    await admin.end();
  }
  const adminUrl = await createDatabase(prefix, ROLES.owner);
  const name = new URL(adminUrl).pathname.slice(1);
  const grants = new pg.Client({ connectionString: adminUrl });
  await grants.connect();
  try {
    await grants.query(`revoke connect, temporary on database ${name} from public`);
    await grants.query(`grant connect on database ${name} to ${ROLES.server}`);
  } finally {
    await grants.end();
  }
  const serverUrl = asRole(adminUrl, ROLES.server);
  // Migrated as the README says to deploy: `npm run migrate` as the owner, so the servers of the run
  // start with DATABASE_URL alone and never hold the owner's password.
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/migrate.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: serverUrl, MIGRATION_DATABASE_URL: asRole(adminUrl, ROLES.owner) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { adminUrl, serverUrl };
}

/**
 * BENCH_KEEP_DATABASE: the database `name`, kept for the next run. `note` is what `noteComplete` left on
 * it once it was whole; a database without one (a run stopped while filling it) is dropped and made
 * anew, empty, so it is reused only complete.
 */
export async function keptDatabase(name: string): Promise<{ url: string; note?: string }> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ note: string | null }>(
      `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
      [name],
    );
    if (rows[0]?.note) return { url: databaseUrl(name), note: rows[0].note };
    if (rows.length > 0) {
      console.log(`[bench] database ${name} was left incomplete: making it anew`);
      await admin.query(`drop database ${name} with (force)`);
    }
    await admin.query(`create database ${name}`);
    console.log(`[bench] keeping database ${name}`);
    return { url: databaseUrl(name) };
  } finally {
    await admin.end();
  }
}

/** Marks a kept database complete (`keptDatabase` answers `note` from then on). */
export async function noteComplete(url: string, note: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const name = new URL(url).pathname.slice(1);
    await client.query(`comment on database ${name} is ${client.escapeLiteral(note)}`);
  } finally {
    await client.end();
  }
}

/** A fresh database, dropped at exit unless BENCH_KEEP_DATABASE is set (to study its plans afterwards). */
export async function createDatabase(prefix: string, owner?: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${owner ? ` owner ${owner}` : ''}`);
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
