import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { actorFromGrants } from './actor.repo.ts';
import { issueDeviceToken, knownDevice, readDeviceToken } from './device-token.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  deleteSessionsAndFailuresBefore,
  insertSession,
  lookUpSession,
  revokeSessionOfHash,
  revokeSessionsOfUser,
  setSessionExpiry,
  userNamed,
} from './session.repo.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';
import { SignInQueue } from './sign-in-queue.ts';
import {
  type Attempt,
  bookAttempt,
  bookDeviceAttempt,
  clearFailures,
  forgetAttempt,
  subjectsOf,
  throttled,
  throttleKey,
  USER_NAME_KEY_LENGTH,
} from './sign-in-throttle.ts';
import { ThrottleMemory, type ThrottleSubject } from './throttle-memory.ts';

const WRONG_CREDENTIALS = 'Kullanıcı adı veya şifre hatalı.';
/** A sliding expiry is pushed forward at most once a minute, not on every request. */
const SLIDE_STEP_MS = 60_000;

/** `sessions`: this process's cache of checked sessions; without it every request asks the database. */
export type SessionDeps = { db: Db; config: Config; sessions?: SessionCache };

/** This process's memory of throttled sign-ins and its line of password checks (decision 148). */
export type SignInGuard = { memory: ThrottleMemory; queue: SignInQueue };

export function startSignInGuard(config: Config): SignInGuard {
  return {
    memory: new ThrottleMemory(),
    queue: new SignInQueue({ concurrency: config.signInChecks, maxWaitMs: config.signInQueueWaitMs }),
  };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type SignInInput = {
  userName: string;
  password: string;
  address: string;
  deviceToken?: string | null | undefined;
};

/**
 * A sign-in, cheapest refusal first (decision 148): an attempt this process already knows the database
 * throttles is refused from memory, before any query; the others wait their turn in the line of
 * password checks (a signed device token ahead of strangers), and only in their turn are looked up,
 * counted and checked.
 */
export async function signIn(
  deps: SessionDeps,
  guard: SignInGuard,
  input: SignInInput,
): Promise<{ authToken: string; deviceToken: string }> {
  const { db, config } = deps;
  const userName = input.userName.trim();
  const key = throttleKey(userName);
  const address = input.address.slice(0, 64);
  const signed = input.deviceToken ? await readDeviceToken(db, input.deviceToken) : undefined;
  // A signed token may still be another user's: its sign-in is then judged as a stranger's, in its turn.
  const subjects: ThrottleSubject[] = signed
    ? [{ kind: 'device', nonce: signed.nonce }]
    : subjectsOf(key, address);
  const refuseIfKnown = () => {
    const until = guard.memory.refusedUntil(subjects);
    if (until !== undefined) throw throttled(Boolean(signed), until, { remembered: true });
  };
  refuseIfKnown();
  const user = await guard.queue.run(Boolean(signed), async () => {
    // What was learnt while this one waited.
    refuseIfKnown();
    return checkPassword(deps, guard.memory, { ...input, userName, key, address });
  });

  const authToken = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.transaction(async (tx) => {
    await clearFailures(tx, user.attempt);
    await insertSession(tx, {
      tokenHash: hashToken(authToken),
      userId: user.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + Math.min(config.tokenTtlMs, config.sessionMaxMs)),
    });
  });
  return { authToken, deviceToken: await issueDeviceToken(db, user.id, now) };
}

/** The user whose password this is, after the attempt is counted; throws the refusal otherwise. */
async function checkPassword(
  { db, config }: SessionDeps,
  memory: ThrottleMemory,
  input: SignInInput & { key: string; address: string },
): Promise<{ id: number; attempt: Attempt }> {
  const { userName, key, address } = input;
  const user = couldBeUserName(userName) ? await userNamed(db, userName) : undefined;
  // A device this user signed in from before has a failure budget of its own (decision 97); any other
  // is throttled by the name and the address.
  const device = user && input.deviceToken ? await knownDevice(db, input.deviceToken, user.id) : undefined;
  const attempt = device
    ? await bookDeviceAttempt(db, config, key, address, device.nonce, memory)
    : await bookAttempt(db, config, key, address, memory);

  // An unknown name costs the same hash as a wrong password, so the answer time tells nothing.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
  if (user.status !== 'ACTIVE') {
    await forgetAttempt(db, attempt);
    throw new AppError('FORBIDDEN', 'Kullanıcı hesabınız pasif durumdadır. Lütfen yöneticinize başvurun.');
  }
  return { id: user.id, attempt };
}

/** A user name is at most 50 characters and never holds NUL (which PostgreSQL text refuses). */
function couldBeUserName(userName: string): boolean {
  return userName.length <= USER_NAME_KEY_LENGTH && !userName.includes('\u0000');
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

export async function signOut(tx: Tx, _actor: Actor, token: string): Promise<void> {
  await revokeSessionOfHash(tx, hashToken(token));
}

/** The actor behind a token, sliding its expiry forward unless `slides` is false; undefined when unknown, expired or revoked. */
export async function authenticate(
  deps: SessionDeps,
  token: string,
  slides = true,
): Promise<Actor | undefined> {
  return (await sessionOfToken(deps, token, slides))?.actor;
}

/**
 * The session behind a token as it stands — whom it stands for and when it expires, idle or absolute,
 * the earlier — without sliding it: a live event stream's look at its session is no activity of the user.
 */
export async function currentSession(
  deps: SessionDeps,
  token: string,
): Promise<{ actor: Actor; expiresAt: number } | undefined> {
  return sessionOfToken(deps, token, false);
}

async function sessionOfToken(
  { db, config, sessions: cache }: SessionDeps,
  token: string,
  slides: boolean,
): Promise<CachedSession | undefined> {
  const now = Date.now();
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  if (cached) {
    if (slides) await slide(db, config, cached, now);
    return cached;
  }

  const mark = cache?.mark() ?? 0;
  const row = await lookUpSession(db, tokenHash);
  if (!row) return undefined;
  // However busy, a session ends SESSION_MAX_DAYS after its sign-in.
  const endsAt = row.createdAt.getTime() + config.sessionMaxMs;
  if (endsAt <= now) return undefined;
  const session = {
    sessionId: row.id,
    actor: actorFromGrants({ id: row.userId, userName: row.userName }, row.grants),
    expiresAt: Math.min(row.expiresAt.getTime(), endsAt),
    endsAt,
  };
  if (slides) await slide(db, config, session, now);
  cache?.put(tokenHash, session, mark, now);
  return session;
}

/**
 * Pushes a session's sliding expiry forward when it has fallen a step behind (in the record too), never
 * past its absolute end.
 */
async function slide(
  db: Db,
  config: Config,
  session: { sessionId: number; expiresAt: number; endsAt: number },
  now: number,
): Promise<void> {
  const slidTo = Math.min(now + config.tokenTtlMs, session.endsAt);
  if (slidTo - session.expiresAt <= SLIDE_STEP_MS) return;
  await setSessionExpiry(db, session.sessionId, new Date(slidTo));
  session.expiresAt = slidTo;
}

/** Ends every session of a user, e.g. when an administrator gives them a new password. */
export async function revokeSessionsOf(db: Db, userId: number): Promise<void> {
  await revokeSessionsOfUser(db, userId);
}

/** Housekeeping: drops expired sessions and old failed sign-ins. */
export async function pruneSessions(tx: Tx, _actor: Actor, olderThan: Date): Promise<void> {
  await deleteSessionsAndFailuresBefore(tx, olderThan);
}
