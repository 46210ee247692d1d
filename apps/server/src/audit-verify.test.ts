import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplateBlob } from '../test/test-database.ts';
import { connectPglite } from './db/client.ts';

/**
 * `npm run audit:verify` (docs/domain/audit.md) as an operator runs it on an embedded database whose
 * server is stopped: whole, then with the head it printed as an anchor, then after a row was changed.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
let dataDir: string;
let head: string;

/** Runs the statements on the stopped database; answers the chain's head as the tool prints it. */
async function onDatabase(statements: string[], template?: Blob): Promise<string> {
  const database = await connectPglite(dataDir, template);
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    for (const statement of statements) await client.exec(statement);
    const { rows } = await client.query<{ head: string }>(
      `select position || ':' || encode(hash, 'hex') as head from audit_chain order by position desc limit 1`,
    );
    return rows[0]?.head ?? '';
  } finally {
    await database.close();
  }
}

async function verify(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/audit-verify.ts', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', TEST_DATABASE_URL: '' } },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-audit-verify-'));
  head = await onDatabase(
    [
      `insert into audit_entries (actor_name, action, entity_type, entity_id)
     select 'Ayşe Yılmaz', 'CREATE', 'WAREHOUSE', g from generate_series(1, 3) g`,
    ],
    await pgliteTemplateBlob(),
  );
}, 60_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run audit:verify', () => {
  it('says a whole chain is whole, prints its head, and holds it as an anchor', async () => {
    expect(head).toMatch(/^3:[0-9a-f]{64}$/);
    const { code, out } = await verify('--anchor', head);
    expect(out).toContain('Denetim kaydı sağlam: 3 kayıt doğrulandı.');
    expect(out).toContain(`Son halka: ${head} (3 numaralı kayıt)`);
    expect(out).toContain('Not edilen halka (3. sıra) aynı');
    expect(code).toBe(0);
  });

  it('refuses an anchor that is not in the chain', async () => {
    const forged = await verify('--anchor', `3:${'0'.repeat(64)}`);
    expect(forged.out).toContain('artık aynı değil');
    expect(forged.code).toBe(1);
  });

  it('names the entry a superuser changed, and fails', async () => {
    head = await onDatabase([
      'alter table audit_entries disable trigger audit_entries_no_change',
      `update audit_entries set actor_name = 'Başkası' where id = 2`,
      'alter table audit_entries enable trigger audit_entries_no_change',
    ]);
    const { code, out } = await verify();
    expect(out).toContain('Denetim kaydı bozuk: 2 numaralı kayıt sonradan değiştirilmiş.');
    expect(code).toBe(1);
  });
});
