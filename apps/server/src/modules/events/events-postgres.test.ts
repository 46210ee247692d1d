import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceIn,
  type EventStreamReader,
  liveEventsOf,
  openEventStream,
} from '../../../test/event-stream.ts';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts';
import { createPostgresTestDatabase } from '../../../test/test-database.ts';
import { connectPostgres, type Database } from '../../db/client.ts';
import { SYSTEM_ACTOR } from '../../http/auth.ts';
import { createAclRole } from '../access/role.service.ts';
import { createUser } from '../access/user.service.ts';
import { LIVE_EVENTS_CHANNEL } from './announce.ts';

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const ADMIN = { userName: 'admin', password: 'admin-sifre-123' };
const PASSWORD = 'canli-sifre-123';

/**
 * Two server processes on one PostgreSQL database (docs/architecture.md, "Live events"): what commits
 * anywhere reaches the streams of both, through the database's notifications.
 */
describe.skipIf(!serverUrl)('live events across two server processes (PostgreSQL)', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  let drop: () => Promise<void>;
  const open: EventStreamReader[] = [];

  async function stream(server: ServerProcess, token: string) {
    const reader = await openEventStream(server.url, token);
    open.push(reader);
    await reader.next((m) => m.event === 'resync', 5_000);
    return reader;
  }

  async function signIn(server: ServerProcess, userName: string, password = PASSWORD): Promise<string> {
    const response = await fetch(`${server.url}/api/user-access/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName, password }),
    });
    const body = (await response.json()) as { data: { authToken: string } };
    if (response.status !== 200) throw new Error(`sign-in refused: ${JSON.stringify(body)}`);
    return body.data.authToken;
  }

  async function userWithRoles(userName: string, roles: string[]): Promise<void> {
    await database.db.transaction((tx) =>
      createUser(tx, SYSTEM_ACTOR, {
        userName,
        password: PASSWORD,
        name: 'Canlı',
        surname: 'Kullanıcı',
        email: '',
        phone: '',
        status: 'ACTIVE',
        roles,
      }),
    );
  }

  const hasEvent = (id: number) => (m: { data?: string; event?: string }) =>
    m.event === undefined && m.data !== undefined && (JSON.parse(m.data) as { id: number }).id === id;

  beforeAll(async () => {
    ({ url: databaseUrlOfRun, drop } = await createPostgresTestDatabase(serverUrl!));
    const env = { ADMIN_USERNAME: ADMIN.userName, ADMIN_PASSWORD: ADMIN.password };
    // One after the other: the first creates the super user, the second finds it.
    a = await startServerProcess(databaseUrlOfRun, env);
    b = await startServerProcess(databaseUrlOfRun, env);
    database = connectPostgres(databaseUrlOfRun, { poolSize: 2, onIdleError: () => {} });
  }, 240_000);
  let databaseUrlOfRun = '';

  afterAll(async () => {
    for (const reader of open) reader.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await drop?.();
  }, 60_000);

  it('a committed event reaches the streams of both processes within a second; a rolled-back one never', async () => {
    const token = await signIn(a, ADMIN.userName, ADMIN.password);
    const onA = await stream(a, token);
    const onB = await stream(b, token);
    await announceIn(
      database,
      { topic: 'orders', type: 'order.changed', id: 1001, status: 'IN_REVIEW' },
      true,
    );
    const committedAt = await announceIn(database, {
      topic: 'orders',
      type: 'order.changed',
      id: 1002,
      status: 'IN_REVIEW',
    });
    await Promise.all([onA.next(hasEvent(1002), 1_000), onB.next(hasEvent(1002), 1_000)]);
    expect(Date.now() - committedAt).toBeLessThan(1_000);
    // Notifications arrive in commit order: the rolled-back one would have come first.
    expect(liveEventsOf(onA.messages).map((event) => event.id)).toEqual([1002]);
    expect(liveEventsOf(onB.messages).map((event) => event.id)).toEqual([1002]);
  });

  it("a write through one process's API reaches the stream on the other within a second", async () => {
    const token = await signIn(a, ADMIN.userName, ADMIN.password);
    const onB = await stream(b, token);
    const sentAt = Date.now();
    const response = await fetch(`${a.url}/api/buyers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'auth-token': token },
      body: JSON.stringify({ code: 'CANLI-01', title: 'Kadıköy Şarküteri', name: 'Gül', surname: 'Işık' }),
    });
    expect(response.status).toBe(200);
    const { data: buyer } = (await response.json()) as { data: { id: number } };
    const heard = await onB.next(hasEvent(buyer.id), 1_000);
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect(JSON.parse(heard.data!)).toMatchObject({ topic: 'buyers', type: 'buyer.changed', id: buyer.id });
  });

  it("filters by the user's privileges on every process", async () => {
    await userWithRoles('canli_depo', ['WAREHOUSE_STAFF']);
    await userWithRoles('canli_finans', ['FINANCE_ADMIN']);
    const warehouse = await stream(b, await signIn(a, 'canli_depo'));
    const finance = await stream(a, await signIn(b, 'canli_finans'));
    await announceIn(database, { topic: 'accounting', type: 'payment.changed', id: 1011, orderId: 3 });
    await announceIn(database, { topic: 'orders', type: 'order.changed', id: 1012 });
    await Promise.all([warehouse.next(hasEvent(1012)), finance.next(hasEvent(1012))]);
    expect(liveEventsOf(warehouse.messages).map((event) => event.id)).toEqual([1012]);
    expect(liveEventsOf(finance.messages).map((event) => event.id)).toEqual([1011, 1012]);
  });

  it("a role changed through one process refilters the user's stream on the other", async () => {
    const role = await database.db.transaction((tx) =>
      createAclRole(tx, SYSTEM_ACTOR, { key: 'CANLI_ROL', label: 'Canlı Rol', privileges: ['GOODS_IN_OUT'] }),
    );
    await userWithRoles('canli_rol', ['CANLI_ROL']);
    const reader = await stream(b, await signIn(b, 'canli_rol'));
    const admin = await signIn(a, ADMIN.userName, ADMIN.password);
    const changed = await fetch(`${a.url}/api/acl/roles`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'auth-token': admin },
      body: JSON.stringify({
        id: role.id,
        key: 'CANLI_ROL',
        label: 'Canlı Rol',
        privileges: ['GOODS_IN_OUT', 'ACCOUNTING'],
      }),
    });
    expect(changed.status).toBe(200);
    await reader.next((m) => m.event === 'resync' && reader.messages.indexOf(m) > 1, 3_000);
    await announceIn(database, { topic: 'accounting', type: 'payment.changed', id: 1021 });
    await reader.next(hasEvent(1021), 1_000);
  });

  it('a role that is not the server cannot send an event: its NOTIFY reaches no stream, and it cannot read the key', async () => {
    const token = await signIn(a, ADMIN.userName, ADMIN.password);
    const onA = await stream(a, token);
    const onB = await stream(b, token);
    const forger = `canli_sahte_${process.pid}`;
    await database.db.execute(sql.raw(`create role ${forger} login password 'sahte-sifre'`));
    const url = new URL(databaseUrlOfRun);
    url.username = forger;
    url.password = 'sahte-sifre';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const forged = JSON.stringify({ topic: 'orders', type: 'order.changed', id: 1031, status: 'CANCELED' });
      await client.query('select pg_notify($1, $2)', [LIVE_EVENTS_CHANNEL, forged]);
      await client.query('select pg_notify($1, $2)', [LIVE_EVENTS_CHANNEL, `${'a'.repeat(64)}.${forged}`]);
      await expect(client.query('select value from server_secrets')).rejects.toThrow(/permission denied/);
    } finally {
      await client.end();
      await database.db.execute(sql.raw(`drop role ${forger}`));
    }
    await announceIn(database, { topic: 'orders', type: 'order.changed', id: 1032 });
    await Promise.all([onA.next(hasEvent(1032), 1_000), onB.next(hasEvent(1032), 1_000)]);
    expect(liveEventsOf(onA.messages).map((event) => event.id)).toEqual([1032]);
    expect(liveEventsOf(onB.messages).map((event) => event.id)).toEqual([1032]);
  });

  it('signing out on one process ends the streams of that session on the other', async () => {
    await userWithRoles('canli_cikis', ['ORDER_MANAGER']);
    const token = await signIn(a, 'canli_cikis');
    const reader = await stream(b, token);
    const signedOut = await fetch(`${a.url}/api/user-access/sign-out`, {
      method: 'POST',
      headers: { 'auth-token': token },
    });
    expect(signedOut.status).toBe(200);
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 3_000));
    await expect(Promise.race([reader.ended.then(() => 'ended'), timeout])).resolves.toBe('ended');
  });
});
