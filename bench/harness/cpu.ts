/**
 * What a measured window cost in CPU, read from /proc (docs/benchmarks.md, "CPU per request"): the
 * server processes of the run, the PostgreSQL backends serving the run's database, and this process
 * (the load client). PostgreSQL runs on the same machine as the bench; its backends are found in
 * pg_stat_activity by database, polled every second so a backend that ends inside the window still
 * counts with the last figure read (a parallel worker living less than a second may be missed).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { POSTGRES_URL } from './database.ts';

/** Clock ticks per second of utime/stime in /proc/<pid>/stat (100 on Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process in ms, or undefined once it is gone (or on a system without /proc). */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of the file are the 12th and 13th after the name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export type CpuSpent = {
  /** CPU ms of the server processes, of the database's backends, and of the load client. */
  serversMs: number;
  postgresMs: number;
  clientMs: number;
  wallSeconds: number;
  /** Backends seen in the window. */
  backends: number;
};

/** Sums per pid: the first figure of a pid (0 for one born in the window) and its last. */
class PidCounter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  read(pids: Iterable<number>, born: boolean): void {
    for (const pid of pids) {
      const ms = processCpuMs(pid);
      if (ms === undefined) continue;
      if (!this.first.has(pid)) this.first.set(pid, born ? 0 : ms);
      this.last.set(pid, ms);
    }
  }

  total(): number {
    let sum = 0;
    for (const [pid, last] of this.last) sum += last - (this.first.get(pid) ?? 0);
    return sum;
  }

  get size(): number {
    return this.last.size;
  }
}

/**
 * Starts measuring the CPU of `serverPids` and of the backends of `databaseName` (`embedded`: no
 * PostgreSQL, the database runs inside the server); `stop` answers what the window cost.
 */
export async function startCpuMeter({
  serverPids,
  databaseName,
}: {
  serverPids: number[];
  databaseName?: string;
}): Promise<{ stop(): Promise<CpuSpent> }> {
  // The watcher connects to the cluster's maintenance database, so it is no backend of the one measured.
  const watcher = databaseName ? new pg.Client({ connectionString: POSTGRES_URL }) : undefined;
  await watcher?.connect();
  const backendPids = async () => {
    if (!watcher) return [];
    const { rows } = await watcher.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [databaseName],
    );
    return rows.map((row) => row.pid);
  };
  const servers = new PidCounter();
  const backends = new PidCounter();
  servers.read(serverPids, false);
  backends.read(await backendPids(), false);
  const client = process.cpuUsage();
  const started = performance.now();
  let polling = Promise.resolve();
  const timer = setInterval(() => {
    polling = polling.then(async () => backends.read(await backendPids(), true)).catch(() => {});
  }, 1000);
  return {
    async stop() {
      clearInterval(timer);
      await polling;
      backends.read(await backendPids(), true);
      servers.read(serverPids, false);
      const used = process.cpuUsage(client);
      await watcher?.end();
      return {
        serversMs: servers.total(),
        postgresMs: backends.total(),
        clientMs: (used.user + used.system) / 1000,
        wallSeconds: (performance.now() - started) / 1000,
        backends: backends.size,
      };
    },
  };
}

/** Adds the second window's figures to the first (the slices of one data set's mix). */
export function addCpu(a: CpuSpent | undefined, b: CpuSpent): CpuSpent {
  if (!a) return b;
  return {
    serversMs: a.serversMs + b.serversMs,
    postgresMs: a.postgresMs + b.postgresMs,
    clientMs: a.clientMs + b.clientMs,
    wallSeconds: a.wallSeconds + b.wallSeconds,
    backends: Math.max(a.backends, b.backends),
  };
}
