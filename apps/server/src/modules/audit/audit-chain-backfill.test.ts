import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { verifyAuditChain } from './audit-chain.ts';

/**
 * Migration 0025 links the entries a database already holds (docs/domain/audit.md): a database
 * migrated up to the migration before it, with entries, comes out with a whole chain in id order.
 */
const migrations = new URL('../../db/migrations', import.meta.url).pathname;
const before = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-before-chain-'));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

// The same SQL runs on both databases; the PostgreSQL step of CI need not migrate an embedded one again.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'links the entries written before the chain, in the order of their ids',
  async () => {
    fs.cpSync(migrations, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    // Up to the migration before the chain: drizzle applies only entries later than the last applied one.
    journal.entries = journal.entries.filter((entry) => entry.tag < '0025_audit_chain');
    fs.writeFileSync(journalFile, JSON.stringify(journal));

    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`insert into audit_entries (actor_name, action, entity_type, entity_id, changes)
                       select 'Ayşe Yılmaz', 'UPDATE', 'PRODUCT', g,
                              jsonb_build_array(jsonb_build_object('field', 'price', 'before', g, 'after', g * 1.5))
                         from generate_series(1, 40) g`);
      await migrate(db, { migrationsFolder: migrations });

      const { rows } = await client.query<{ position: number; entry_id: number }>(
        'select position::int, entry_id::int from audit_chain order by position',
      );
      expect(rows).toEqual(Array.from({ length: 40 }, (_, i) => ({ position: i + 1, entry_id: i + 1 })));
      expect(await verifyAuditChain(db as unknown as Db)).toMatchObject({ ok: true, checked: 40 });
      // The entries after the migration go on from its last link.
      await client.exec(
        `insert into audit_entries (actor_name, action, entity_type) values ('Sistem', 'CREATE', 'ORDER')`,
      );
      expect(await verifyAuditChain(db as unknown as Db)).toMatchObject({ ok: true, checked: 41 });
    } finally {
      await client.close();
    }
  },
);
