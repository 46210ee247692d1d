import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerBody } from '../test/builders/buyer-test-data.ts';

/**
 * `npm start` runs the compiled server (decision 108): built as `npm start` builds it, started as a
 * program of its own on the embedded database, it answers, migrates and draws a PDF on its compiled
 * render worker.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const PASSWORD = 'derlenmis-sunucu-123';
let server: ChildProcess;
let base: string;
let dataDir: string;
let output = '';

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-stale'], { cwd: root });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-compiled-'));
  server = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Mandıra Portal hazır: (http:\/\/localhost:\d+)/.exec(output)?.[1];
      if (url) resolve(url.replace('localhost', '127.0.0.1'));
    };
    server.stdout!.on('data', collect);
    server.stderr!.on('data', collect);
    server.on('exit', (code) => reject(new Error(`the compiled server stopped (exit ${code}):\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = async (method: string, url: string, body?: unknown, token?: string) =>
  fetch(`${base}/api${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'br, gzip',
      ...(token ? { 'auth-token': token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the compiled server (apps/server/dist)', () => {
  it('answers the health check with the database up', async () => {
    const response = await call('GET', '/actuator/health');
    expect(response.status).toBe(200);
    expect((await response.json()).data.status).toBe('UP');
  });

  it('draws a statement PDF on its compiled render worker, and compresses a large answer', async () => {
    const signIn = await call('POST', '/user-access/sign-in', { userName: 'admin', password: PASSWORD });
    expect(signIn.status).toBe(200);
    const token = (await signIn.json()).data.authToken as string;
    const created = await call('POST', '/buyers', buyerBody(), token);
    expect(created.status).toBe(200);
    const buyer = (await created.json()).data as { id: number };

    const pdf = await call('GET', `/accounting/statement.pdf?buyerId=${buyer.id}`, undefined, token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // fetch decodes the answer itself.
    const privileges = await call('GET', '/acl/privileges', undefined, token);
    expect(privileges.headers.get('content-encoding')).toBe('br');
    expect((await privileges.json()).success).toBe(true);
  }, 60_000);
});
