import type { FastifyInstance } from 'fastify';
import type { ChannelEvent, Database } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';

/** Migration 0005 notifies on this channel whenever who a token stands for may have changed. */
export const AUTH_CHANGES_CHANNEL = 'mandira_auth_changes';

/** How long a checked session is believed without asking again, should a notice ever be missed. */
const TRUST_MS = 10_000;
const MAX_ENTRIES = 10_000;

/** `endsAt`: the absolute end of the session, however busy (SESSION_MAX_DAYS after its sign-in). */
export type CachedSession = { sessionId: number; actor: Actor; expiresAt: number; endsAt: number };

type Entry = CachedSession & { checkedAt: number };

/**
 * The sessions this process has checked, by token hash, so that a request does not cost a round trip
 * to the database before its real work (decision 34). The database stays the only record: every change
 * that can end a session or change its privileges is announced on AUTH_CHANGES_CHANNEL at commit, and
 * the whole cache is dropped on each announcement. While the process cannot hear announcements, nothing
 * is cached. An answer read before an announcement is not stored after it (`generation`).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  private generation = 0;

  constructor(private readonly trustMs = TRUST_MS) {}

  hear(event: ChannelEvent): void {
    this.forgetAll();
    this.listening = event !== 'lost';
  }

  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** A reading of the cache's state, taken before the database is asked. */
  mark(): number {
    return this.generation;
  }

  /** The entry itself: a slid expiry is written into it. */
  get(tokenHash: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.checkedAt > this.trustMs || now >= entry.expiresAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Stores what the database answered, unless anything was announced since `mark`. */
  put(tokenHash: string, session: CachedSession, mark: number, now: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { ...session, checkedAt: now });
  }
}

/**
 * A write through these routes (users, roles, sign-out) may change who a token stands for: this process
 * forgets every session before it answers, so the caller's next request is checked anew; the other
 * processes hear it from the database.
 */
export function forgetSessionsAfterWrites(instance: FastifyInstance, cache: SessionCache | undefined): void {
  if (!cache) return;
  instance.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.forgetAll();
    return payload;
  });
}

/**
 * A cache that hears the database's announcements until the returned `stop`. `afterHearing` hears them
 * too, once the cache has forgotten, so what it asks of the sessions is read from the database (the
 * live event streams check their sessions again).
 */
export async function startSessionCache(
  database: Database,
  afterHearing?: (event: ChannelEvent) => void,
): Promise<{ cache: SessionCache; stop: () => Promise<void> }> {
  const cache = new SessionCache();
  const stop = await database.subscribe(AUTH_CHANGES_CHANNEL, (event) => {
    cache.hear(event);
    afterHearing?.(event);
  });
  return { cache, stop };
}
