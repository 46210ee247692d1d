import pg from 'pg';

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
