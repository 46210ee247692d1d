import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { staleStatusSets } from './status-set-functions.ts';

/**
 * The rights of the server's database role when the tables belong to a migration role
 * (docs/decisions/0150-audit-chain-and-database-roles.md): it reads and writes the portal's tables,
 * but only appends to the audit trail and only reads its chain, which the entries' trigger writes as
 * the owner. Not owning them, it cannot set a trigger aside, alter a column or truncate either. Given
 * after every migration, so the tables a migration adds are covered; one transaction, so no request
 * ever sees the rights half given.
 */
export function serverRightsStatements(serverRole: string): string[] {
  const role = pg.escapeIdentifier(serverRole);
  return [
    `GRANT USAGE ON SCHEMA public TO ${role}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_entries FROM ${role}`,
    `REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_chain FROM ${role}`,
    // Only to see that the database is migrated when it starts without the migration role.
    `GRANT USAGE ON SCHEMA drizzle TO ${role}`,
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${role}`,
  ];
}

/** Gives `serverRole` its rights through the owner's connection `owner`, unless it is the owner. */
export async function grantServerRights(owner: pg.ClientBase, serverRole: string): Promise<void> {
  const { rows } = await owner.query<{ me: string }>('select current_user as me');
  if (rows[0]?.me === serverRole) return;
  await owner.query('begin');
  try {
    for (const statement of serverRightsStatements(serverRole)) await owner.query(statement);
    await owner.query('commit');
  } catch (error) {
    await owner.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * Whether the connected role may migrate: only one allowed to create in the database can, and the
 * server's role of decision 150 is not. Every role that ever migrated this database could.
 */
export async function mayMigrate(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ may: boolean }>(
    "select has_database_privilege(current_database(), 'CREATE') as may",
  );
  return rows[0]?.may === true;
}

export class NotMigratedError extends Error {}

/**
 * A server started without the migration role (`npm run migrate` migrated before it): it starts only on
 * a database migrated as far as its own migrations go, and says how to migrate otherwise.
 */
export async function requireMigrated(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const latest = Math.max(...journal.entries.map((entry) => entry.when));
  const applied = await pool
    .query<{ last: string | null }>('select max(created_at)::text as last from drizzle.__drizzle_migrations')
    .then(({ rows }) => Number(rows[0]?.last ?? 0))
    .catch(() => 0);
  // The status sets the functions read are written from the contract by the migrating role
  // (decision 178): a server whose contract moved a set waits for `npm run migrate` as for a migration.
  if (applied < latest || (await staleStatusSets(pool)).length > 0) {
    throw new NotMigratedError(
      'Veritabanı bu sürümün geçişlerinin gerisinde ve DATABASE_URL rolü geçiş yapamaz: önce ' +
        'MIGRATION_DATABASE_URL (tabloların sahibi) ile `npm run migrate` çalıştırın ya da sunucuyu ' +
        'MIGRATION_DATABASE_URL ile başlatın.',
    );
  }
}
