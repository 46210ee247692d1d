/**
 * A PostgreSQL database's rows copied into an embedded database that the server migrated the same way
 * (the same migrations, so the same tables): every table of `public` emptied, then filled with COPY
 * (written by `psql \copy` in one snapshot, read by PGlite from a blob) with triggers and foreign keys set aside as a
 * restore does (`session_replication_role = replica`), the sequences set where they stood, and ANALYZE.
 * The data generators need PostgreSQL (node-postgres, set-based SQL of minutes); the embedded database
 * then holds the very same rows.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export async function copyIntoPglite(
  sourceUrl: string,
  pgliteDir: string,
): Promise<{ tables: number; rows: number; seconds: number }> {
  const started = performance.now();
  const source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  const target = new PGlite(pgliteDir);
  await target.waitReady;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-copy-'));
  try {
    const { rows: tables } = await source.query<{ name: string; columns: string[] }>(
      `select c.relname as name,
              array_agg(quote_ident(a.attname) order by a.attnum) as columns
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where n.nspname = 'public' and c.relkind = 'r'
        group by c.relname order by c.relname`,
    );
    const { rows: targetTables } = await target.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public'`,
    );
    const missing = tables.filter((table) => !targetTables.some((other) => other.name === table.name));
    if (missing.length > 0 || targetTables.length !== tables.length) {
      throw new Error(
        `the embedded database's tables differ from PostgreSQL's (${missing.map((t) => t.name).join(', ')})`,
      );
    }
    await target.exec('set session_replication_role = replica');
    await target.exec(`truncate ${tables.map((table) => `public.${table.name}`).join(', ')}`);
    // Every table written in one read-only transaction, so the copy is one snapshot even while another
    // run writes to the source (an order and its buyer's kept balance copied at different moments differ).
    const fileOf = (table: { name: string }) => path.join(scratch, `${table.name}.tsv`);
    const script = path.join(scratch, 'copy.sql');
    fs.writeFileSync(
      script,
      [
        'begin transaction isolation level repeatable read, read only;',
        ...tables.map(
          (table) => `\\copy public.${table.name} (${table.columns.join(', ')}) to '${fileOf(table)}'`,
        ),
        'commit;',
      ].join('\n'),
    );
    execFileSync('psql', [sourceUrl, '-q', '-v', 'ON_ERROR_STOP=1', '-f', script]);
    let rows = 0;
    for (const table of tables) {
      const copied = await target.query(
        `copy public.${table.name} (${table.columns.join(', ')}) from '/dev/blob'`,
        [],
        { blob: new Blob([fs.readFileSync(fileOf(table))]) },
      );
      rows += copied.affectedRows ?? 0;
      fs.rmSync(fileOf(table));
    }
    const { rows: sequences } = await source.query<{ name: string; last_value: string | null }>(
      `select quote_ident(sequencename) as name, last_value from pg_sequences where schemaname = 'public'`,
    );
    for (const sequence of sequences) {
      if (sequence.last_value === null) continue;
      await target.query(`select setval('public.${sequence.name}', $1::bigint, true)`, [sequence.last_value]);
    }
    await target.exec('set session_replication_role = origin');
    await target.exec('analyze');
    return { tables: tables.length, rows, seconds: (performance.now() - started) / 1000 };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    await target.close();
    await source.end();
  }
}
