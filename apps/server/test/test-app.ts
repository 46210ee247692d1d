import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database, Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createUser } from '../src/modules/access/user.service.ts';
import { bootstrap } from '../src/start/bootstrap.ts';
import { checkAnswersAgainstDocument } from './answer-check.ts';
import { createTestDatabase } from './test-database.ts';

export const ADMIN = { userName: 'admin', password: 'admin-sifre-123' };
const SUPER_ACTOR = {
  userId: 0,
  userName: 'test',
  roles: ['SUPER_ADMIN'],
  privileges: new Set<never>(),
  isSuperAdmin: true,
};

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** Signs in and returns a token. */
  signIn(userName: string, password: string): Promise<string>;
  /** A token of a new active user holding exactly these roles. */
  tokenWithRoles(roles: string[]): Promise<string>;
  adminToken(): Promise<string>;
  /** `app.inject` with the token in the auth-token header and the body parsed. */
  call(
    token: string | undefined,
    options: InjectOptions,
  ): Promise<LightMyRequestResponse & { body: string; json: any }>;
  /**
   * A second server on the same database, as a second process would be: its own session cache, which
   * hears of changes made through this app only from the database. Closed with this app.
   */
  sibling(): Promise<Pick<TestApp, 'call'>>;
  close(): Promise<void>;
};

let userCounter = 0;

const FIXTURE_PASSWORD = 'test-sifre-123';
let fixtureHash: Promise<string> | undefined;
/**
 * The password of `tokenWithRoles`' users, hashed once per worker with argon2id at its lightest, so
 * signing them in costs a millisecond, not a core's 50: the suite signs them in hundreds of times. A
 * fixture's hash need not resist cracking; the real cost is the one `createUser` sets, tested there.
 */
function fixturePasswordHash(): Promise<string> {
  fixtureHash ??= hash(FIXTURE_PASSWORD, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  return fixtureHash;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    ADMIN_USERNAME: ADMIN.userName,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: '/nonexistent',
    ...env,
  });
  await bootstrap(database.db, config);
  const app = await buildApp({ config, database, watchAnswers: checkAnswersAgainstDocument });
  await app.ready();

  const callOn =
    (target: FastifyInstance): TestApp['call'] =>
    async (token, options) => {
      const headers = { ...(options.headers ?? {}), ...(token === undefined ? {} : { 'auth-token': token }) };
      const response = await target.inject({ ...options, headers });
      let json: unknown;
      try {
        json = response.json();
      } catch {
        json = undefined;
      }
      return Object.assign(response, { json });
    };
  const call = callOn(app);
  const siblings: FastifyInstance[] = [];

  const signIn = async (userName: string, password: string) => {
    const response = await call(undefined, {
      method: 'POST',
      url: '/api/user-access/sign-in',
      payload: { userName, password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return response.json.data.authToken as string;
  };

  let adminTokenCache: string | undefined;
  return {
    app,
    db: database.db,
    database,
    signIn,
    async tokenWithRoles(roles) {
      userCounter += 1;
      const userName = `kullanici${userCounter}_${process.pid}`;
      const passwordHash = await fixturePasswordHash();
      await database.db.transaction(async (tx) => {
        const user = await createUser(tx, SUPER_ACTOR, {
          userName,
          name: 'Test',
          surname: 'Kullanıcı',
          email: '',
          phone: '',
          status: 'ACTIVE',
          roles,
        });
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      });
      return signIn(userName, FIXTURE_PASSWORD);
    },
    async adminToken() {
      adminTokenCache ??= await signIn(ADMIN.userName, ADMIN.password);
      return adminTokenCache;
    },
    call,
    async sibling() {
      const other = await buildApp({ config, database, watchAnswers: checkAnswersAgainstDocument });
      await other.ready();
      siblings.push(other);
      return { call: callOn(other) };
    },
    async close() {
      for (const other of siblings) await other.close();
      await app.close();
      await database.close();
    },
  };
}

/** Rows of a table, to show that a refused request wrote nothing. */
export async function countRows(t: Pick<TestApp, 'db'>, table: string): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const result = await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
