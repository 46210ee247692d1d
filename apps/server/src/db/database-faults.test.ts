import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TcpProxy } from '../../test/tcp-proxy.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { AUTH_CHANGES_CHANNEL } from '../modules/access/session-cache.ts';
import { bootstrap } from '../start/bootstrap.ts';
import { connectPostgres, type Database, listenerName } from './client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { userName: 'admin', password: 'admin-sifre-123' };
/** Small on purpose: the test waits for them. */
const TIMEOUTS = { connectMs: 1_000, statementMs: 2_000, queryMs: 1_500 };

let proxy: TcpProxy;
let direct: Database;
let throughProxy: Database;
let app: FastifyInstance;
let admin: pg.Client;
let name: string;
let token: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object, authToken = token) =>
  app.inject({ method, url, payload, headers: { 'auth-token': authToken } });

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** Asks until the portal answers 200 again; how long that took. */
async function secondsUntilAnswered(url: string, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await call('GET', url)).statusCode === 200) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${limitMs} ms`);
}

function expectUnavailable(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json().error).toEqual({
    code: 'UNAVAILABLE',
    message:
      'Hizmet geçici olarak kullanılamıyor: veritabanına şu anda ulaşılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.',
  });
}

// The embedded database runs inside the process: there is no connection to lose, so this needs PostgreSQL.
describe.skipIf(!serverUrl)(
  'a lost PostgreSQL connection (through a TCP proxy; needs TEST_DATABASE_URL)',
  () => {
    beforeAll(async () => {
      name = `mandira_faults_${process.pid}_${randomBytes(4).toString('hex')}`;
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const directUrl = new URL(serverUrl!);
      directUrl.pathname = `/${name}`;
      const config = loadConfig({ ...ADMIN_ENV, WEB_DIST: '/nonexistent' });
      direct = connectPostgres(directUrl.toString(), { poolSize: 2, onIdleError: () => {} });
      await direct.migrate();
      await bootstrap(direct.db, config);

      proxy = await TcpProxy.start({ host: directUrl.hostname, port: Number(directUrl.port || 5432) });
      throughProxy = connectPostgres(proxy.urlFor(directUrl.toString()), {
        poolSize: 4,
        onIdleError: () => {},
        timeouts: TIMEOUTS,
      });
      app = await buildApp({ config, database: throughProxy });
      await app.ready();
      const signedIn = await app.inject({ method: 'POST', url: '/api/user-access/sign-in', payload: ADMIN });
      token = signedIn.json().data.authToken;
    });

    afterAll(async () => {
      await app?.close();
      await throughProxy?.close().catch(() => {});
      await proxy?.close();
      await direct?.close();
      await admin?.query(`drop database if exists ${name} with (force)`);
      await admin?.end();
    });

    it('answers, and says UP, while the database is there', async () => {
      expect((await call('GET', '/api/user-access/me')).statusCode).toBe(200);
      const health = await call('GET', '/api/actuator/health');
      expect(health.statusCode).toBe(200);
      expect(health.json().data).toEqual({ status: 'UP', database: 'UP' });
    });

    it('answers 503 with Retry-After at once while connections are refused, and says DOWN', async () => {
      await proxy.refuse();
      const [read, readMs] = await timed(() => call('GET', '/api/user-access/me'));
      expectUnavailable(read);
      const [write, writeMs] = await timed(() =>
        call('POST', '/api/acl/roles', { key: 'KESINTI_ROLU', label: 'Kesinti', privileges: [] }),
      );
      expectUnavailable(write);
      expect(Math.max(readMs, writeMs)).toBeLessThan(2_500);

      for (const url of ['/api/actuator/health', '/api/actuator/health/readiness']) {
        const health = await call('GET', url);
        expect(health.statusCode).toBe(503);
        expect(health.json()).toMatchObject({ success: false, data: { status: 'DOWN', database: 'DOWN' } });
      }
      expect((await call('GET', '/api/actuator/health/liveness')).statusCode).toBe(200);
    });

    it('recovers on its own within seconds once connections are accepted again', async () => {
      await proxy.restore();
      expect(await secondsUntilAnswered('/api/user-access/me', 10_000)).toBeLessThan(3);
      expect((await call('GET', '/api/actuator/health')).statusCode).toBe(200);
      const roles = await direct.db.execute(`select 1 from roles where key = 'KESINTI_ROLU'` as never);
      expect((roles as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    });

    it('answers 503 within the query timeout when connections die silently, and says DOWN', async () => {
      await listenerIsBack();
      // Warm the pool, so that requests meet connections that will never answer again.
      await Promise.all(Array.from({ length: 4 }, () => call('GET', '/api/user-access')));
      proxy.dropSilently();
      // As many writes as the pool has connections: each meets a dead one in `begin`, which must not
      // keep it from the pool (or the pool would never recover), and no rollback may wait a second
      // timeout on it.
      const [writes, writesMs] = await timed(() =>
        Promise.all(
          ['A', 'B', 'C', 'D'].map((letter) =>
            call('POST', '/api/acl/roles', { key: `SESSIZ_${letter}`, label: 'Sessiz', privileges: [] }),
          ),
        ),
      );
      for (const answer of writes) expectUnavailable(answer);
      expect(writesMs).toBeLessThan(TIMEOUTS.queryMs + 1_000);
      // Now no connection is left: a new one is opened, and never answered.
      const [read, readMs] = await timed(() => call('GET', '/api/user-access/me'));
      expectUnavailable(read);
      expect(readMs).toBeLessThan(TIMEOUTS.connectMs + 1_000);
      expect((await call('GET', '/api/actuator/health/readiness')).statusCode).toBe(503);
    });

    it('recovers within seconds after a silent drop, the session cache hearing sign-outs again', async () => {
      await proxy.restore();
      expect(await secondsUntilAnswered('/api/user-access/me', 15_000)).toBeLessThan(5);

      // The LISTEN connection died silently too; it must be noticed and replaced, or the process would
      // keep believing a signed-out session for as long as it trusts its cache.
      await listenerIsBack();
      const second = (
        await app.inject({ method: 'POST', url: '/api/user-access/sign-in', payload: ADMIN })
      ).json().data.authToken as string;
      expect((await call('GET', '/api/user-access/me', undefined, second)).statusCode).toBe(200);
      const directClient = new pg.Client({ connectionString: serverUrlOf(name) });
      await directClient.connect();
      await directClient.query(
        'update sessions set revoked_at = now() where id = (select max(id) from sessions)',
      );
      await directClient.end();
      const started = performance.now();
      let status = 200;
      while (performance.now() - started < 2_000 && status === 200) {
        status = (await call('GET', '/api/user-access/me', undefined, second)).statusCode;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(401);
    });
  },
);

/** Waits until the session cache's LISTEN connection is open on the database again (the live events have their own). */
async function listenerIsBack(limitMs = 10_000): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const { rows } = await admin.query(
      'select 1 from pg_stat_activity where datname = $1 and application_name = $2',
      [name, listenerName(AUTH_CHANGES_CHANNEL)],
    );
    if (rows.length === 1) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the LISTEN connection did not come back within ${limitMs} ms`);
}

const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.userName, ADMIN_PASSWORD: ADMIN.password };

function serverUrlOf(database: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}
