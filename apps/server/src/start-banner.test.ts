import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.ts';

const facts = { url: 'http://localhost:3000', database: 'PostgreSQL', adminUserName: 'admin' };

describe('the start banner', () => {
  it('shows a generated password once, with where to sign in', () => {
    const banner = startBanner({ ...facts, superUser: { created: true, generatedPassword: 'Xy7-gizli' } });
    expect(banner).toContain('http://localhost:3000/portal-giris');
    expect(banner).toContain('Kullanıcı: admin');
    expect(banner.split('Xy7-gizli')).toHaveLength(2);
    expect(banner).toContain('yalnızca bu kez gösterilir');
  });

  it('names ADMIN_PASSWORD only when the password came from it', () => {
    expect(startBanner({ ...facts, superUser: { created: true } })).toContain(
      'ADMIN_PASSWORD ile verdiğiniz şifre',
    );
    const later = startBanner({ ...facts, superUser: { created: false } });
    expect(later).not.toContain('ADMIN_PASSWORD');
    expect(later).toContain('ilk kurulumda belirlenen şifre');
  });

  it("gives the demo's passwords and every demo user, without claiming ADMIN_PASSWORD was set", () => {
    const roleUsers = ['backoffice_admin', 'accounting_manager', 'finance_admin', 'sales_admin', 'secretary'];
    const banner = startBanner({
      ...facts,
      superUser: { created: false },
      demo: { adminPassword: 'admin1234', roleUsers, roleUsersPassword: 'demo1234' },
    });
    expect(banner).toContain('Şifre: admin1234');
    expect(banner).toContain('demo1234');
    for (const user of roleUsers) expect(banner).toContain(user);
    expect(banner).not.toContain('ADMIN_PASSWORD');
    expect(banner.split('\n').every((line) => line.length <= 100)).toBe(true);
  });
});

describe('a first start of the server', () => {
  const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the banner in plain text and, with LOG_LEVEL=info, each request as a JSON line', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mandira-banner-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    delete env.ADMIN_PASSWORD;
    env.DATA_DIR = path.join(dataDir, 'data');
    env.WEB_DIST = path.join(dataDir, 'web');
    // Piped, as under a service manager: not a terminal, so the log is JSON.
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const deadline = Date.now() + 90_000;
    while (!/Durdurmak için Ctrl\+C/.test(stdout)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Sunucu açılmadı:\n${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const url = /Mandıra Portal hazır: (http:\/\/localhost:\d+)/.exec(stdout)![1]!;
    const password = /Şifre: (\S+)/.exec(stdout)![1]!;
    expect(stdout).toContain(`Giriş sayfası: ${url}/portal-giris`);
    expect(stdout).toContain('Kullanıcı: admin');

    const answer = await fetch(`${url}/api/user-access/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password }),
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => stdout, { timeout: 5_000 }).toContain('request completed');

    const logLines = stdout.split('\n').filter((line) => line.startsWith('{'));
    const logged = logLines.map((line) => JSON.parse(line) as { msg?: string; req?: unknown });
    expect(logged.some((line) => line.msg === 'request completed')).toBe(true);
    // The password reaches the terminal once, in the banner, and never the log.
    expect(stdout.split(password)).toHaveLength(2);
  }, 120_000);
});
