import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { SYSTEM_ACTOR } from '../http/auth.ts';
import { verifyAuditChain } from '../modules/audit/audit-chain.ts';
import { recordChange } from '../modules/audit/record-change.ts';
import { bootstrap } from '../start/bootstrap.ts';
import { connectPostgres, type Database, rowsOf } from './client.ts';
import { NotMigratedError } from './server-rights.ts';

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/**
 * The database roles of decision 150 on PostgreSQL: a migration role owns the tables, the server's
 * role (DATABASE_URL) only appends to the audit trail, and nothing it may do rewrites an entry.
 */
describe.skipIf(!serverUrl)('the server role under a migration role (PostgreSQL)', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `mandira_test_owner_${suffix}`;
  const server = `mandira_test_server_${suffix}`;
  const other = `mandira_test_other_${suffix}`;
  const name = `mandira_test_roles_${suffix}`;
  let database: Database;
  let asServer: pg.Client;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const urlOf = (role: string) => {
    const url = new URL(serverUrl!);
    url.username = role;
    url.password = 'roles-test-1234';
    url.pathname = `/${name}`;
    return url.toString();
  };

  beforeAll(async () => {
    // As the README's "Database roles" sets them up.
    await admin(`create role ${owner} login password 'roles-test-1234'`);
    await admin(`create role ${server} login password 'roles-test-1234'`);
    await admin(`create role ${other} login password 'roles-test-1234'`);
    await admin(`create database ${name} owner ${owner}`);
    await admin(`revoke connect, temporary on database ${name} from public`);
    await admin(`grant connect on database ${name} to ${server}`);
    database = connectPostgres(urlOf(server), {
      migrationUrl: urlOf(owner),
      poolSize: 2,
      onIdleError: () => {},
    });
    await database.migrate();
    asServer = new pg.Client({ connectionString: urlOf(server) });
    await asServer.connect();
  }, 60_000);

  afterAll(async () => {
    await asServer?.end().catch(() => {});
    await database?.close().catch(() => {});
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`drop role if exists ${server}`);
    await admin(`drop role if exists ${other}`);
    await admin(`drop role if exists ${owner}`);
  });

  it('owns nothing, and still starts and writes the trail, each entry linked by the owner', async () => {
    const [owned] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = current_user`,
    );
    expect(owned!.n).toBe(0);
    await bootstrap(database.db, loadConfig({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'roles-test-1234' }));
    await database.db.transaction((tx) =>
      recordChange(tx, SYSTEM_ACTOR, {
        action: 'CREATE',
        entityType: 'WAREHOUSE',
        entityId: 1,
        after: { name: 'Depo' },
      }),
    );
    const check = await verifyAuditChain(database.db);
    expect(check).toMatchObject({ ok: true, checked: 1, broken: null });
  });

  it.each([
    ['update an entry', 'update audit_entries set actor_name = $$x$$'],
    ['delete an entry', 'delete from audit_entries'],
    ['truncate the trail', 'truncate audit_entries'],
    ['set a trigger aside', 'alter table audit_entries disable trigger audit_entries_no_change'],
    [
      'rewrite a column',
      'alter table audit_entries alter column actor_name type text using actor_name || $$.$$',
    ],
    ['drop the chain trigger', 'drop trigger audit_entries_chain on audit_entries'],
    ['write a link', 'insert into audit_chain (position, entry_id, hash) values (99, 99, $$\\x00$$)'],
    ['change a link', 'update audit_chain set hash = $$\\x00$$'],
    ['delete a link', 'delete from audit_chain'],
    [
      'replace the digest',
      'create or replace function audit_entry_digest(bytea, audit_entries) returns bytea language sql as $$select $1$$',
    ],
    ['turn triggers off for the session', 'set session_replication_role = replica'],
  ])('refuses the server role to %s', async (_, statement) => {
    await expect(asServer.query(statement)).rejects.toMatchObject({
      code: '42501',
      message: expect.stringMatching(/permission denied|must be owner/),
    });
  });

  it('lets the server role read the trail and its chain', async () => {
    const { rows } = await asServer.query('select count(*)::int as n from audit_chain');
    expect(rows[0].n).toBe(1);
  });

  it('keeps every other role out of the database, so none can NOTIFY forged events to its servers', async () => {
    const outsider = new pg.Client({ connectionString: urlOf(other) });
    await expect(outsider.connect()).rejects.toMatchObject({ code: '42501' });
    await outsider.end().catch(() => {});
  });

  it('starts without the migration role on a migrated database, and refuses one left behind', async () => {
    // `npm run migrate` migrated above; the server is given DATABASE_URL alone.
    const alone = connectPostgres(urlOf(server), { poolSize: 1, onIdleError: () => {} });
    try {
      await alone.migrate();
      const asOwner = new pg.Client({ connectionString: urlOf(owner) });
      await asOwner.connect();
      try {
        await asOwner.query(
          'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
        );
      } finally {
        await asOwner.end();
      }
      await expect(alone.migrate()).rejects.toThrow(NotMigratedError);
      await expect(alone.migrate()).rejects.toThrow(/npm run migrate/);
    } finally {
      await alone.close();
    }
  });
});
