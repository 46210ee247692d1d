/**
 * Server processes of a run (`apps/server/src/main.ts`, one port each) on its database; each one is
 * stopped at exit, also when a step fails.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { killAtExit, onCleanup, stopping } from './process.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ADMIN = { userName: 'admin', password: 'bench-admin-1234' };

async function freePort(): Promise<number> {
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

export type Server = {
  name: string;
  url: string;
  pid: number;
  /** kill -9, as a power cut or the OOM killer would; resolves once the process is gone. */
  crash(): Promise<void>;
  /** SIGTERM, as at the end of the run; resolves once the process is gone. */
  stop(): Promise<void>;
};

/**
 * One server process (`node --import tsx apps/server/src/main.ts`) on its own port, ready to serve;
 * `databaseUrlOfRun` empty with a DATA_DIR in `env` runs it on the embedded database.
 */
export async function startServer(
  name: string,
  databaseUrlOfRun: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  // BENCH_SERVER_PROFILE=<dir>: each server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_SERVER_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  // BENCH_SERVER_LOOP_DELAY=<file>: each second, the main thread's event-loop delay (server-loop-delay.ts).
  const loopDelay =
    (env.BENCH_SERVER_LOOP_DELAY ?? process.env.BENCH_SERVER_LOOP_DELAY)
      ? ['--import', './bench/harness/server-loop-delay.ts']
      : [];
  // BENCH_SERVER_STATEMENTS=<file>: the statements sent to PostgreSQL, written there on SIGUSR2 (server-statements.ts).
  const statements =
    (env.BENCH_SERVER_STATEMENTS ?? process.env.BENCH_SERVER_STATEMENTS)
      ? ['--import', './bench/harness/server-statements.ts']
      : [];
  const child = spawn(
    process.execPath,
    [...profiling, '--import', 'tsx', ...loopDelay, ...statements, 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrlOfRun,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_USERNAME: ADMIN.userName,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        // Several benchmark connections sign in from one address.
        SIGN_IN_MAX_FAILURES: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  killAtExit(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null = null;
  // Ended on purpose (crash() or stop()): its exit is no news.
  let crashed = false;
  child.on('exit', (code, signal) => {
    exited = code ?? (signal ? 128 : 1);
    if (!stopping() && !crashed)
      console.error(`server ${name} (pid ${child.pid}) stopped: ${code ?? signal}\n${output}`);
  });
  const stop = async () => {
    if (exited !== null) return;
    crashed = true;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
  };
  onCleanup(stop);

  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (exited !== null) throw new Error(`server ${name} did not start (exit ${exited}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/actuator/health`);
      if (response.ok) {
        const crash = async () => {
          if (exited !== null) return;
          crashed = true;
          const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGKILL');
          await gone;
        };
        return { name, url, pid: child.pid!, crash, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server ${name} not ready within 60 s:\n${output}`);
}
