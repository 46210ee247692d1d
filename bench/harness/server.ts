/**
 * What the concurrency check and the benchmark share: a throw-away PostgreSQL database, server
 * processes on it (apps/server/src/main.ts, one port each), sign-in, and the stock ledger check.
 * Everything started here is stopped and dropped on exit, also when a step fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** A PostgreSQL server URL whose database may create and drop others. */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ADMIN = { userName: 'admin', password: 'bench-admin-1234' };

const cleanups: (() => Promise<void> | void)[] = [];
const children = new Set<ChildProcess>();
let exiting = false;

/** Runs at exit, last registered first. */
export function onCleanup(task: () => Promise<void> | void): void {
  cleanups.push(task);
}

async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const task = cleanups.pop()!;
    try {
      await task();
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`);
    }
  }
}

/** Ends the process with the code after cleaning up; a second signal or a stuck cleanup does not wait. */
export async function finish(code: number): Promise<never> {
  // Already stopping (a signal, the deadline): that first reason decides the exit code.
  if (exiting) return new Promise<never>(() => {});
  exiting = true;
  const force = setTimeout(() => process.exit(code || 1), 15_000);
  force.unref();
  await runCleanups();
  process.exit(code);
}

/** Whether the run is stopping; errors of steps cut short by it are not news. */
export function stopping(): boolean {
  return exiting;
}

process.on('exit', () => {
  // The last resort: never leave a server behind, even on an abrupt exit.
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    void finish(130);
  });
}

/** Fails the whole run when it takes longer than `seconds`. */
export function deadline(seconds: number, what: string): void {
  setTimeout(() => {
    console.error(`FAIL: ${what} did not finish within ${seconds} s`);
    void finish(1);
  }, seconds * 1000).unref();
}

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database, dropped at exit unless BENCH_KEEP_DATABASE is set (to study its plans afterwards). */
export async function createDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  if (process.env.BENCH_KEEP_DATABASE) {
    console.log(`[bench] keeping database ${name}`);
    return databaseUrl(name);
  }
  onCleanup(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });
  return databaseUrl(name);
}

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
  });
  children.add(child);
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
    children.delete(child);
    if (!exiting && !crashed)
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

/** The auth-token of the admin, or of the user given, on that server. */
export async function signIn(
  server: Server,
  credentials: { userName: string; password: string } = ADMIN,
): Promise<string> {
  const response = await fetch(`${server.url}/api/user-access/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = (await response.json()) as { success: boolean; data?: { authToken: string } };
  if (!response.ok || !body.data)
    throw new Error(`sign-in refused: ${response.status} ${JSON.stringify(body)}`);
  return body.data.authToken;
}

/** `count` more own warehouses through the API (stock lines follow through the triggers). */
export async function addWarehouses(server: Server, token: string, count: number): Promise<void> {
  for (let n = 1; n <= count; n += 1) {
    const { status, json } = await call(server, token, 'POST', '/api/warehouses', {
      shortName: `Bölge Deposu ${n}`,
      capacityInM3: 5000,
      surfaceAreaInSquareMeters: 1200,
    });
    if (status !== 200) throw new Error(`warehouse not created: ${JSON.stringify(json)}`);
  }
}

export type LedgerReport = {
  lines: number;
  historyRows: number;
  /** Lines whose quantity is not the sum of their history's changes. */
  sumMismatches: { id: number; quantity: number; historySum: number }[];
  negativeLines: number;
  /** History rows whose quantity_after_change is not the previous row's plus this change. */
  brokenChains: { id: number; stockLineId: number }[];
};

/**
 * The stock invariants of DESIGN §6 straight from SQL: every line's quantity is the sum of its history,
 * no line is negative, and each line's history, in id order, is one unbroken running sum (a lost update
 * would show as a row that starts from a stale quantity).
 */
/** A connection to read the ledger through: node-postgres, or the embedded database itself. */
export type SqlReader = {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

export async function checkLedger(client: SqlReader): Promise<LedgerReport> {
  const sums = await client.query<{ id: number; quantity: number; history_sum: string }>(
    `select l.id, l.quantity, coalesce(h.total, 0) as history_sum
       from stock_lines l
       left join (select stock_line_id, sum(quantity_change) as total from stock_history group by stock_line_id) h
         on h.stock_line_id = l.id
      where l.quantity <> coalesce(h.total, 0)
      order by l.id limit 20`,
  );
  const counts = await client.query<{ lines: number; negative: number; history: string }>(
    `select (select count(*) from stock_lines)::int as lines,
            (select count(*) from stock_lines where quantity < 0)::int as negative,
            (select count(*) from stock_history) as history`,
  );
  const chains = await client.query<{ id: string; stock_line_id: number }>(
    `select id, stock_line_id from (
        select id, stock_line_id, quantity_change, quantity_after_change,
               lag(quantity_after_change, 1, 0) over (partition by stock_line_id order by id) as before
          from stock_history) h
      where before + quantity_change <> quantity_after_change
      order by id limit 20`,
  );
  return {
    lines: counts.rows[0]!.lines,
    historyRows: Number(counts.rows[0]!.history),
    sumMismatches: sums.rows.map((row) => ({
      id: row.id,
      quantity: row.quantity,
      historySum: Number(row.history_sum),
    })),
    negativeLines: counts.rows[0]!.negative,
    brokenChains: chains.rows.map((row) => ({ id: Number(row.id), stockLineId: row.stock_line_id })),
  };
}

/** Human lines for a ledger report; empty `problems` means it holds. */
export function describeLedger(report: LedgerReport): { summary: string; problems: string[] } {
  const problems: string[] = [];
  for (const line of report.sumMismatches) {
    problems.push(`line ${line.id}: quantity ${line.quantity} but its history sums to ${line.historySum}`);
  }
  if (report.negativeLines > 0) problems.push(`${report.negativeLines} lines are negative`);
  for (const row of report.brokenChains) {
    problems.push(`history row ${row.id} of line ${row.stockLineId} does not follow the row before it`);
  }
  const summary =
    `${report.lines} stock lines, ${report.historyRows} history rows: ` +
    (problems.length === 0
      ? 'every quantity = sum of its history, none negative, every history an unbroken running sum'
      : `${problems.length} violations`);
  return { summary, problems };
}

/** Percentile of sorted values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** mulberry32: the same seed gives the same workload. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The create body of a stockable item for the checks: a vacuum-packed cheese of `grams`, six to a box.
 * The checks differ only in its names and codes.
 */
export function itemBody(name: string, stockCode: string, barcode: string, grams = 500) {
  return {
    name,
    stockCode,
    barcode,
    packagingType: 'VACUUM_PACKAGE',
    warehouseStockType: 'FOODS',
    packagingUnitType: 'GRAM',
    packagingUnitTypeAmount: grams,
    width: 10,
    length: 10,
    height: 10,
    quantityInBox: 6,
    notes: '',
  };
}

/** One API call as a signed-in user; the envelope's data or error, with the HTTP status. */
export async function call(server: Server, token: string, method: string, url: string, body?: object) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json().catch(() => ({}))) as {
    data?: unknown;
    error?: { code: string; message: string };
  };
  return { status: response.status, json };
}

/** What a planned request came to: its HTTP status and, when refused, the error's code and message. */
export type Answered<T> = T & { status: number; code?: string; message?: string };

/** Sends the planned requests, `concurrency` at a time, in plan order; every one gets an answer. */
export async function sendAll<T>(
  plan: readonly T[],
  concurrency: number,
  send: (request: T) => ReturnType<typeof call>,
): Promise<Answered<T>[]> {
  const outcomes: Answered<T>[] = [];
  let cursor = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (cursor < plan.length) {
        const request = plan[cursor++]!;
        try {
          const response = await send(request);
          outcomes.push({
            ...request,
            status: response.status,
            code: response.json.error?.code,
            message: response.json.error?.message,
          });
        } catch (error) {
          outcomes.push({ ...request, status: 0, message: (error as Error).message });
        }
      }
    }),
  );
  return outcomes;
}

/** Ends a check: its violations (exit 1) or OK with the time it took (exit 0). */
export async function verdict(problems: readonly string[], startedAt: number): Promise<never> {
  if (problems.length > 0) {
    console.error(`\nFAIL: ${problems.length} violations`);
    for (const problem of problems.slice(0, 30)) console.error(`  - ${problem}`);
    return finish(1);
  }
  console.log(`\nOK in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return finish(0);
}

/** Runs a check's main; an error that is not part of stopping fails the run. */
export function runCheck(main: () => Promise<void>): void {
  main().catch(async (error) => {
    if (!stopping()) console.error(`FAIL: ${(error as Error).stack ?? error}`);
    await finish(1);
  });
}
