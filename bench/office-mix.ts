/**
 * The office mix: users of the built-in roles, each signed in on one of the servers, each a loop of
 * one request of its role (bench/office-operations.ts), then 200–800 ms of thought. Latency is taken per
 * operation to the last byte of the answer; 409 and 422 are the refusals a busy office expects (stock
 * taken by someone else, an amount already paid), any other non-2xx is an error. The 1-minute load
 * average is sampled while it runs.
 */
import os from 'node:os';
import { SUPER_ADMIN_ROLE } from '@mandira/contract/roles';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { createUser } from '../apps/server/src/modules/access/user.service.ts';
import { signIn } from './harness/api.ts';
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
};

type User = { role: OfficeRole; token: string; server: Server; desk: Desk };

/** `users` users spread over the roles as ROLE_SHARES (30 at 1:1), alternating between the servers. */
async function officeUsers(
  pool: pg.Pool,
  servers: Server[],
  users: number,
  deskBuyers: (index: number, desks: number) => Desk['buyers'],
): Promise<User[]> {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const actor = {
    userId: 0,
    userName: 'bench',
    roles: [SUPER_ADMIN_ROLE],
    privileges: new Set<never>(),
    isSuperAdmin: true,
  };
  const total = Object.values(ROLE_SHARES).reduce((sum, share) => sum + share, 0);
  const roles = (Object.entries(ROLE_SHARES) as [OfficeRole, number][]).flatMap(([role, share]) =>
    Array.from({ length: Math.max(1, Math.round((share * users) / total)) }, () => role),
  );
  const desksOf = (role: OfficeRole) => roles.filter((other) => other === role).length;
  const seen = new Map<OfficeRole, number>();
  const created: User[] = [];
  for (const [n, role] of roles.entries()) {
    const index = seen.get(role) ?? 0;
    seen.set(role, index + 1);
    const userName = `ofis_${role.toLowerCase()}_${index + 1}`;
    await db.transaction((tx) =>
      createUser(tx, actor, {
        userName,
        password: PASSWORD,
        name: 'Ofis',
        surname: `Kullanıcı ${n + 1}`,
        email: `${userName}@mandira.example`,
        phone: '',
        status: 'ACTIVE',
        roles: [role],
      }),
    );
    const server = servers[n % servers.length]!;
    created.push({
      role,
      server,
      token: await signIn(server, { userName, password: PASSWORD }),
      desk: { index, buyers: deskBuyers(index, desksOf(role)), filled: [] },
    });
  }
  return created;
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

/** One request to the last byte of its answer; a refusal's error, or what broke the connection. */
async function send(user: User, request: Planned): Promise<{ status: number; error?: string }> {
  try {
    const response = await fetch(`${user.server.url}${request.path}`, {
      method: request.method,
      headers: { 'auth-token': user.token, ...(request.body ? { 'content-type': 'application/json' } : {}) },
      body: request.body ? JSON.stringify(request.body) : undefined,
    });
    const text = await response.text();
    if (response.ok) return { status: response.status };
    try {
      const { error } = JSON.parse(text) as { error?: { code: string; message: string } };
      return {
        status: response.status,
        error: error ? `${error.code}: ${error.message}` : text.slice(0, 120),
      };
    } catch {
      return { status: response.status, error: text.slice(0, 120) };
    }
  } catch (error) {
    return { status: 0, error: (error as Error).message };
  }
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
  { users, days, bigBuyerId }: { users: number; days: number; bigBuyerId: number },
): Promise<{ run(seconds: number, warmUpSeconds: number): Promise<void>; result: MixResult }> {
  const { operations, deskBuyers } = await officeOperations(pool, { days, bigBuyerId });
  const people = await officeUsers(pool, servers, users, deskBuyers);
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
  };

  const run = async (seconds: number, warmUpSeconds: number) => {
    const measureFrom = performance.now() + warmUpSeconds * 1000;
    const end = measureFrom + seconds * 1000;
    const sampler = setInterval(() => {
      if (performance.now() >= measureFrom) result.loadAverages.push(os.loadavg()[0]!);
    }, 5000);
    const loop = async (user: User) => {
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
    clearInterval(sampler);
    result.seconds += seconds;
  };
  return { run, result };
}
