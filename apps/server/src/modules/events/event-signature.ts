import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema.ts';

/**
 * Live events are signed (docs/decisions/0147-live-streams-bounded-by-the-socket.md): any database role
 * may NOTIFY on any channel, so the listener hands on only a payload that carries an HMAC-SHA256 under
 * a key of the server, kept in `server_secrets` beside the device token key. The writer signs inside
 * its own statement (PostgreSQL's built-in `sha256`, no extension), so a notification sent from SQL —
 * the stock movement's single statement — is signed like every other; the listener checks in memory.
 */
export const LIVE_EVENT_KEY_NAME = 'live-events-key';

/**
 * The key as HMAC uses it: the random key XORed with the inner and the outer pad (RFC 2104). Kept so,
 * as SQL has no XOR on bytes; `sha256(outer ‖ sha256(inner ‖ m))` is then HMAC-SHA256 of the key.
 */
export type LiveEventKey = { inner: Buffer; outer: Buffer };

const BLOCK = 64;
/** `<64 hex digits of the signature>.<the event's JSON>` */
const SIGNED = /^([0-9a-f]{64})\.(.*)$/s;

export function newLiveEventKey(): LiveEventKey {
  const key = randomBytes(BLOCK);
  return {
    inner: Buffer.from(key.map((byte) => byte ^ 0x36)),
    outer: Buffer.from(key.map((byte) => byte ^ 0x5c)),
  };
}

function stored(key: LiveEventKey): string {
  return key.inner.toString('hex') + key.outer.toString('hex');
}

/** The key as `server_secrets` keeps it (the bench reads it so). */
export function storedLiveEventKey(value: string): LiveEventKey {
  return {
    inner: Buffer.from(value.slice(0, BLOCK * 2), 'hex'),
    outer: Buffer.from(value.slice(BLOCK * 2), 'hex'),
  };
}

/**
 * The key of this database, made at random by the first process that starts on it, so every process
 * on it checks the same signatures; a server starts only once it has it.
 */
export async function liveEventKeyOf(db: Db): Promise<LiveEventKey> {
  await db
    .insert(serverSecrets)
    .values({ name: LIVE_EVENT_KEY_NAME, value: stored(newLiveEventKey()) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, LIVE_EVENT_KEY_NAME));
  return storedLiveEventKey(row!.value);
}

function mac(key: LiveEventKey, json: string): Buffer {
  const inner = createHash('sha256').update(key.inner).update(json, 'utf8').digest();
  return createHash('sha256').update(key.outer).update(inner).digest();
}

/** A signed payload, as SQL signs it (the tests and the bench announce with it). */
export function signedPayload(key: LiveEventKey, json: string): string {
  return `${mac(key, json).toString('hex')}.${json}`;
}

/** The JSON of a payload whose signature holds under `key`; undefined for anything else. */
export function openedPayload(key: LiveEventKey, payload: string): string | undefined {
  const match = SIGNED.exec(payload);
  if (!match) return undefined;
  const given = Buffer.from(match[1]!, 'hex');
  const json = match[2]!;
  return timingSafeEqual(given, mac(key, json)) ? json : undefined;
}

/**
 * `json` (a text expression) signed in SQL with the stored key. Null when the database has no key yet:
 * then no server has started on it, so none listens either.
 */
export function signedPayloadSql(json: SQL): SQL {
  return sql`(select encode(sha256(decode(substr(s.value, ${BLOCK * 2 + 1}), 'hex')
                 || sha256(decode(substr(s.value, 1, ${BLOCK * 2}), 'hex') || convert_to((${json})::text, 'UTF8'))), 'hex')
                 || '.' || (${json})::text
               from ${serverSecrets} s where s.name = ${LIVE_EVENT_KEY_NAME})`;
}
