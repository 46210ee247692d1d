import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPglite, DataDirLockedError } from './client.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database lock', () => {
  it('refuses a second process on the same data directory and frees it on close', async () => {
    // A live foreign pid stands for another server process holding the directory.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    await expect(connectPglite(dir)).rejects.toThrow(DataDirLockedError);

    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const database = await connectPglite(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
