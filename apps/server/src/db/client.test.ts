import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTemplateBlob } from '../../test/test-database.ts';
import { connectPglite, DataDirLockedError, rowsOf } from './client.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database lock', () => {
  it('refuses a second process on the same data directory and frees it on close', async () => {
    // A live foreign pid stands for another server process holding the directory.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    await expect(connectPglite(dir)).rejects.toThrow(DataDirLockedError);

    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const database = await connectPglite(dir, await pgliteTemplateBlob());
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});

describe('embedded database statistics', () => {
  it('are refreshed while the server runs, so the planner knows how big the tables have grown', async () => {
    const database = await connectPglite(
      fs.mkdtempSync(path.join(dir, 'stats-')),
      await pgliteTemplateBlob(),
      {
        analyzeEveryMs: 50,
      },
    );
    try {
      await database.db.execute(sql`create table grown (id int primary key)`);
      await database.db.execute(sql`insert into grown select generate_series(1, 3000)`);
      const estimate = async () =>
        (
          await rowsOf<{ rows: number }>(
            database.db,
            sql`select reltuples::int as rows from pg_class where relname = 'grown'`,
          )
        )[0]!.rows;
      const deadline = Date.now() + 5_000;
      while ((await estimate()) !== 3000 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await estimate()).toBe(3000);
    } finally {
      await database.close();
    }
  });
});
