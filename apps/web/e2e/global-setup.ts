import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN_PASSWORD, REPO_ROOT } from './settings.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's ERP_SOURCE: a JSON file that tests write before they synchronize. */
    erpSourceFile: string;
  }
}

const START_TIMEOUT_MS = 120_000;
/** Loading the demo data set comes first: on the small shared machine that alone may take minutes. */
export const DEMO_START_TIMEOUT_MS = 360_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Sunucu başlamadan kapandı:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`Sunucu ${timeoutMs / 1000} sn içinde açılmadı:\n${output()}`);
}

/** Waits up to 10 s until no process of the child's group is left. */
async function groupGone(child: ChildProcess): Promise<void> {
  if (!child.pid) return;
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    try {
      // npx starts the server as its child: signal the whole group this setup created.
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(force);
      resolve();
    }
  });
}

/** Whether every script and stylesheet index.html names is on disk, i.e. no build is half-written. */
function isCompleteBuild(dist: string): boolean {
  const indexHtml = path.join(dist, 'index.html');
  if (!fs.existsSync(indexHtml)) return false;
  const assets = [...fs.readFileSync(indexHtml, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)];
  return assets.every((match) => fs.existsSync(path.join(dist, match[1]!)));
}

/**
 * A private copy of the built web app for this run: others may rebuild apps/web/dist meanwhile,
 * and a page whose chunks vanish mid-test fails for reasons that have nothing to do with the app.
 */
async function snapshotWebDist(target: string): Promise<void> {
  const dist = path.join(REPO_ROOT, 'apps/web/dist');
  for (let attempt = 0; attempt < 30; attempt++) {
    if (isCompleteBuild(dist)) {
      await rm(target, { recursive: true, force: true });
      await cp(dist, target, { recursive: true });
      if (isCompleteBuild(target)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(
    'apps/web/dist yok ya da eksik: önce `npm run build` çalıştırın (ya da `npm run test:e2e`).',
  );
}

/** A running portal: its address, and how to stop it and remove its data. */
export type Portal = { baseUrl: string; erpSourceFile: string; close: () => Promise<void> };

/**
 * Starts the real server on a free port with an empty data directory and a private copy of the
 * built web app. The suite shares one (below); a test that needs a fresh install starts its own, and
 * one that needs every screen full starts it with `demo` (`npm run demo`'s data and users, password
 * DEMO_PASSWORD; the admin's stays ADMIN_PASSWORD).
 */
export async function startPortal({ demo = false } = {}): Promise<Portal> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mandira-e2e-'));
  const webDist = path.join(dataDir, 'web');
  await snapshotWebDist(webDist);
  const erpSourceFile = path.join(dataDir, 'erp-source.json');
  let log = '';
  const entry = demo ? 'apps/server/src/demo.ts' : 'apps/server/src/main.ts';
  const child = spawn('npx', ['tsx', entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'data'),
      DEMO_DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST: webDist,
      ADMIN_PASSWORD,
      ERP_SOURCE: erpSourceFile,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child);
    // npx may exit before the server it started has closed its database, which still writes its WAL
    // while it shuts down: wait for the whole group to be gone, and let rm retry a directory that was
    // still being written.
    await groupGone(child);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  try {
    await waitUntilUp(
      `${baseUrl}/api/actuator/info`,
      child,
      () => log,
      demo ? DEMO_START_TIMEOUT_MS : START_TIMEOUT_MS,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl, erpSourceFile, close };
}

/** Starts the suite's shared server, and stops it afterwards. */
export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('baseUrl', portal.baseUrl);
  project.provide('erpSourceFile', portal.erpSourceFile);
  return portal.close;
}
