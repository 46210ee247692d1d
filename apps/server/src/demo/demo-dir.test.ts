import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE } from '../db/client.ts';
import { DEMO_MARKER, NotADemoFolderError, prepareDemoFolder } from './demo-dir.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-demo-'));
const serverRoot = path.resolve(import.meta.dirname, '../..');
/** Another process that is alive while the tests run, standing for a second demo or server. */
let other: ChildProcess;
beforeAll(() => {
  other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
});
afterAll(() => {
  other.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

/** A folder holding the files given, relative path → content. */
function folder(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const LIVE_DATA = { 'pglite/PG_VERSION': '17', 'pglite/base/1/1259': 'rows' };

describe('the demo folder', () => {
  it('refuses a folder that is not a demo database and leaves every file and no lock behind', () => {
    const dir = folder('live', LIVE_DATA);
    expect(() => prepareDemoFolder(dir)).toThrow(NotADemoFolderError);
    expect(fs.readFileSync(path.join(dir, 'pglite/base/1/1259'), 'utf8')).toBe('rows');
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a demo folder another process holds, before touching it', () => {
    const dir = folder('busy', { [DEMO_MARKER]: '', ...LIVE_DATA, [LOCK_FILE]: String(other.pid) });
    expect(() => prepareDemoFolder(dir)).toThrow(DataDirLockedError);
    expect(fs.readFileSync(path.join(dir, 'pglite/base/1/1259'), 'utf8')).toBe('rows');
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(other.pid));
  });

  it('empties a demo folder it made, marks it and keeps its lock, also after a crashed demo', () => {
    const dir = folder('old-demo', { [DEMO_MARKER]: '', ...LIVE_DATA, [LOCK_FILE]: '999999999' });
    prepareDemoFolder(dir);
    expect(fs.readdirSync(dir).sort()).toEqual([DEMO_MARKER, LOCK_FILE].sort());
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
  });

  it('makes a new folder a demo folder', () => {
    const dir = path.join(root, 'new/demo');
    prepareDemoFolder(dir);
    expect(fs.existsSync(path.join(dir, DEMO_MARKER))).toBe(true);
  });
});

describe('npm run demo', () => {
  const runDemo = (dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/demo.ts'], {
      cwd: serverRoot,
      env: { ...process.env, DEMO_DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: root },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('stops with a message on a live data folder, deleting nothing', () => {
    const dir = folder('data', LIVE_DATA);
    const result = runDemo(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('bir demo veritabanı değil');
    expect(fs.readFileSync(path.join(dir, 'pglite/base/1/1259'), 'utf8')).toBe('rows');
  });

  it('stops with a message while another process holds the demo folder, deleting nothing', () => {
    const dir = folder('running-demo', { [DEMO_MARKER]: '', ...LIVE_DATA, [LOCK_FILE]: String(other.pid) });
    const result = runDemo(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`başka bir sunucu süreci (pid ${other.pid})`);
    expect(fs.readFileSync(path.join(dir, 'pglite/base/1/1259'), 'utf8')).toBe('rows');
  });
});
