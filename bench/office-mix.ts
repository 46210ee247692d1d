/**
 * The office mix: users of the built-in roles, each signed in on one of the servers, each a loop of
 * one request of its role (bench/office-operations.ts), then 200–800 ms of thought. Latency is taken per
 * operation to the last byte of the answer; 409 and 422 are the refusals a busy office expects (stock
 * taken by someone else, an amount already paid), any other non-2xx is an error. The 1-minute load
 * average is sampled while it runs. Each request accepts the encodings a browser accepts, so answers
 * are compressed as the office's screens get them (br); BENCH_ACCEPT_ENCODING asks for others.
 */
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import { SUPER_ADMIN_ROLE } from '@mandira/contract/roles';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { createUser } from '../apps/server/src/modules/access/user.service.ts';
import { call, signIn } from './harness/api.ts';
import { addCpu, type CpuSpent, startCpuMeter } from './harness/cpu.ts';
import type { Server } from './harness/server.ts';
import {
  type Desk,
  type OfficeRole,
  type Operation,
  officeOperations,
  type Planned,
  ROLE_SHARES,
} from './office-operations.ts';

const PASSWORD = 'ofis-bench-1234';

/**
 * What Chromium sends, so the server compresses as for the office's browsers. Node's fetch alone sends
 * 'gzip, deflate', which the mix measured until decision 188: a client no screen is.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

export type OperationStats = {
  write: boolean;
  latencies: number[];
  refused: number;
  errors: Map<string, number>;
};

export type MixResult = {
  users: number;
  seconds: number;
  operations: Map<string, OperationStats>;
  /** 1-minute load averages sampled every 5 s during the measured part. */
  loadAverages: number[];
  /** What the measured part cost in CPU (bench/harness/cpu.ts). */
  cpu?: CpuSpent;
  /** Requests answered while the CPU was measured (from the warm-up's end to the last answer). */
  cpuRequests: number;
};

export type OfficeSession = { role: OfficeRole; token: string; server: Server; desk: Desk };

/** A user of the mix as made in the database, before it signs in. */
export type OfficeUser = { role: OfficeRole; userName: string; index: number; desks: number };

/** `users` users spread over the roles as ROLE_SHARES (30 at 1:1), with the bodies that make them. */
function planOfficeUsers(users: number) {
  const total = Object.values(ROLE_SHARES).reduce((sum, share) => sum + share, 0);
  const roles = (Object.entries(ROLE_SHARES) as [OfficeRole, number][]).flatMap(([role, share]) =>
    Array.from({ length: Math.max(1, Math.round((share * users) / total)) }, () => role),
  );
  const desksOf = (role: OfficeRole) => roles.filter((other) => other === role).length;
  const seen = new Map<OfficeRole, number>();
  // A kept data set serves run after run (and a sweep several mixes): each mix signs in users of its own.
  const run = Date.now().toString(36);
  return roles.map((role, n) => {
    const index = seen.get(role) ?? 0;
    seen.set(role, index + 1);
    const userName = `ofis_${run}_${role.toLowerCase()}_${index + 1}`;
    const body = {
      userName,
      password: PASSWORD,
      name: 'Ofis',
      surname: `Kullanıcı ${n + 1}`,
      email: `${userName}@mandira.example`,
      phone: '',
      status: 'ACTIVE' as const,
      roles: [role],
    };
    return { user: { role, userName, index, desks: desksOf(role) } satisfies OfficeUser, body };
  });
}

/** The mix's users made in the database of `pool`. */
export async function createOfficeUsers(pool: pg.Pool, users: number): Promise<OfficeUser[]> {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const actor = {
    userId: 0,
    userName: 'bench',
    roles: [SUPER_ADMIN_ROLE],
    privileges: new Set<never>(),
    isSuperAdmin: true,
  };
  const planned = planOfficeUsers(users);
  for (const { body } of planned) await db.transaction((tx) => createUser(tx, actor, body));
  return planned.map(({ user }) => user);
}

/** The mix's users made through the API by the admin of `server`, so nothing is written elsewhere. */
export async function createOfficeUsersThroughApi(server: Server, users: number): Promise<OfficeUser[]> {
  const token = await signIn(server);
  const planned = planOfficeUsers(users);
  for (const { body } of planned) {
    const { status, json } = await call(server, token, 'POST', '/api/user-access', body);
    if (status !== 200) throw new Error(`user ${body.userName} not made: ${JSON.stringify(json)}`);
  }
  return planned.map(({ user }) => user);
}

/** The users signed in, alternating between the servers, each at its desk. */
export async function signInUsers(
  made: OfficeUser[],
  servers: Server[],
  deskBuyers: (index: number, desks: number) => Desk['buyers'],
): Promise<OfficeSession[]> {
  const users: OfficeSession[] = [];
  for (const [n, { role, userName, index, desks }] of made.entries()) {
    const server = servers[n % servers.length]!;
    users.push({
      role,
      server,
      token: await signIn(server, { userName, password: PASSWORD }),
      desk: { index, buyers: deskBuyers(index, desks), filled: [] },
    });
  }
  return users;
}

function chooser(operations: Operation[]): () => Operation {
  const total = operations.reduce((sum, operation) => sum + operation.weight, 0);
  return () => {
    let left = Math.random() * total;
    for (const operation of operations) {
      left -= operation.weight;
      if (left < 0) return operation;
    }
    return operations[operations.length - 1]!;
  };
}

/**
 * Kept-alive connections, pooled per server by the agent, as a browser keeps its own. The mix's users
 * are Node's `http` and not `fetch`: the load client shares the two cores with the servers and
 * PostgreSQL, and `fetch` cost it more CPU per request than the server spent answering (decision 190).
 */
const agent = new http.Agent({ keepAlive: true });

/** A refusal's body as text: decompressed as its `content-encoding` says. */
function bodyText(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  if (encoding === 'deflate') return zlib.inflateSync(body).toString();
  return body.toString();
}

/**
 * One request to the last byte of its answer; a refusal's error, or what broke the connection. A 2xx
 * answer is read to its end and not decompressed (only a browser's screen would); a refusal is, to say
 * why.
 */
export function send(user: OfficeSession, request: Planned): Promise<{ status: number; error?: string }> {
  const body = request.body ? JSON.stringify(request.body) : undefined;
  return new Promise((resolve) => {
    const sent = http.request(
      `${user.server.url}${request.path}`,
      {
        method: request.method,
        agent,
        headers: {
          'auth-token': user.token,
          'accept-encoding': ACCEPT_ENCODING,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (!ok) chunks.push(chunk);
        });
        response.on('error', (error) => resolve({ status: 0, error: error.message }));
        response.on('end', () => {
          if (ok) return resolve({ status });
          let text = '';
          try {
            text = bodyText(Buffer.concat(chunks), response.headers['content-encoding']);
            const { error } = JSON.parse(text) as { error?: { code: string; message: string } };
            resolve({ status, error: error ? `${error.code}: ${error.message}` : text.slice(0, 120) });
          } catch {
            resolve({ status, error: text.slice(0, 120) });
          }
        });
      },
    );
    sent.on('error', (error) => resolve({ status: 0, error: error.message }));
    sent.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The users signed in and their work read; `run` lets them work for `warmUpSeconds` unmeasured, then
 * `seconds` measured, and may be called again (the slices of two data sets taking turns): `result`
 * holds every measured slice.
 */
export async function prepareOfficeMix(
  pool: pg.Pool,
  servers: Server[],
  {
    users,
    days,
    bigBuyerId,
    databaseName,
    madeUsers,
  }: {
    users: number;
    /** Users made beforehand (createOfficeUsers), e.g. before the database was copied elsewhere. */
    madeUsers?: OfficeUser[];
    days: number;
    bigBuyerId: number;
    /** The PostgreSQL database whose backends' CPU counts; none on the embedded database. */
    databaseName?: string;
  },
): Promise<{ run(seconds: number, warmUpSeconds: number): Promise<void>; result: MixResult }> {
  const { operations, deskBuyers } = await officeOperations(pool, { days, bigBuyerId });
  const people = await signInUsers(madeUsers ?? (await createOfficeUsers(pool, users)), servers, deskBuyers);
  const result: MixResult = {
    users: people.length,
    seconds: 0,
    operations: new Map(
      operations.map((operation) => [
        operation.name,
        { write: operation.write, latencies: [], refused: 0, errors: new Map() },
      ]),
    ),
    loadAverages: [],
    cpuRequests: 0,
  };

  const run = async (seconds: number, warmUpSeconds: number) => {
    const measureFrom = performance.now() + warmUpSeconds * 1000;
    const end = measureFrom + seconds * 1000;
    const sampler = setInterval(() => {
      if (performance.now() >= measureFrom) result.loadAverages.push(os.loadavg()[0]!);
    }, 5000);
    const serverPids = servers.map((server) => server.pid);
    const meter = new Promise<Awaited<ReturnType<typeof startCpuMeter>>>((resolve, reject) => {
      setTimeout(
        () => startCpuMeter({ serverPids, databaseName }).then(resolve, reject),
        warmUpSeconds * 1000,
      );
    });
    const loop = async (user: OfficeSession) => {
      const mine = operations.filter((operation) => operation.role === user.role);
      const next = chooser(mine);
      const reads = chooser(mine.filter((operation) => !operation.write));
      await sleep(Math.random() * 800);
      while (performance.now() < end) {
        const chosen = next();
        const planned = chosen.plan(user.desk);
        const operation = planned ? chosen : reads();
        const request = planned ?? operation.plan(user.desk)!;
        const before = performance.now();
        const answered = await send(user, request);
        const after = performance.now();
        const ok = answered.status >= 200 && answered.status < 300;
        if (ok) request.onAccepted?.();
        if (after >= measureFrom) result.cpuRequests += 1;
        if (before >= measureFrom && after <= end) {
          const stat = result.operations.get(operation.name)!;
          if (ok) stat.latencies.push(after - before);
          else if (answered.status === 409 || answered.status === 422) stat.refused += 1;
          else {
            const key = `HTTP ${answered.status} ${answered.error}`;
            stat.errors.set(key, (stat.errors.get(key) ?? 0) + 1);
          }
        }
        await sleep(200 + Math.random() * 600);
      }
    };
    await Promise.all(people.map(loop));
    result.cpu = addCpu(result.cpu, await (await meter).stop());
    clearInterval(sampler);
    result.seconds += seconds;
  };
  return { run, result };
}
