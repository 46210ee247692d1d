import {
  type AuditChainBreak,
  type AuditChainCheck,
  auditChainBreakMessage,
} from '@mandira/contract/audit-chain';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';

/**
 * Links and entries read per statement: each statement stays well within the statement timeout
 * however long the trail, and the next one starts from the hash the previous one ended on.
 */
const LINKS_PER_STATEMENT = 20_000;
const IDS_PER_STATEMENT = 100_000;

type LinkBatch = {
  n: number;
  last_position: string | null;
  last_entry_id: string | null;
  last_hash: string | null;
  broken: { position: number; entryId: number; reason: AuditChainBreak } | null;
};

/**
 * One stretch of the chain after `after`: each link must follow the one before it (no position
 * missing), name an entry that exists, and hold sha256(previous hash ‖ the entry's content) as
 * migration 0025's trigger computed it. Answers the first link that does not.
 */
async function checkLinks(db: Db | Tx, after: number, previousHex: string): Promise<LinkBatch> {
  const [batch] = await rowsOf<LinkBatch>(
    db,
    // Each entry looked up by its id, so a stretch reads its own entries and not the whole table.
    sql`with links as (
          select c.position, c.entry_id, c.hash, (c.entry).id is not null as found,
                 row_number() over (order by c.position) as n,
                 audit_entry_digest(coalesce(lag(c.hash) over (order by c.position), decode(${previousHex}, 'hex')), c.entry) as expected
            from (select l.*, (select e from audit_entries e where e.id = l.entry_id) as entry
                    from audit_chain l where l.position > ${after} order by l.position limit ${LINKS_PER_STATEMENT}) c),
        judged as (
          select position, entry_id, hash,
                 case when position <> ${after} + n then 'GAP'
                      when not found then 'MISSING'
                      when hash is distinct from expected then 'CHANGED' end as reason
            from links)
        select count(*)::int as n,
               max(position)::text as last_position,
               (array_agg(entry_id order by position desc))[1]::text as last_entry_id,
               encode((array_agg(hash order by position desc))[1], 'hex') as last_hash,
               (array_agg(json_build_object('position', position, 'entryId', entry_id, 'reason', reason)
                          order by position) filter (where reason is not null))[1] as broken
          from judged`,
  );
  return batch!;
}

/**
 * The first entry without a link: one slipped in past the trigger, since every entry's link is written
 * in the entry's own commit.
 */
async function firstUnlinked(db: Db | Tx): Promise<number | null> {
  const [top] = await rowsOf<{ id: string | null }>(db, sql`select max(id)::text as id from audit_entries`);
  const last = Number(top?.id ?? 0);
  for (let from = 0; from < last; from += IDS_PER_STATEMENT) {
    const [row] = await rowsOf<{ id: string | null }>(
      db,
      sql`select min(e.id)::text as id from audit_entries e
           where e.id > ${from} and e.id <= ${from + IDS_PER_STATEMENT}
             and not exists (select 1 from audit_chain c where c.entry_id = e.id)`,
    );
    if (row?.id) return Number(row.id);
  }
  return null;
}

function brokenAt(
  entryId: number,
  position: number | null,
  reason: AuditChainBreak,
): AuditChainCheck['broken'] {
  return { entryId, position, reason, message: auditChainBreakMessage(entryId, reason) };
}

/**
 * Walks the whole chain of the audit trail (docs/domain/audit.md) and names its first break, in chain
 * order, then the first entry left out of it. Reads only, a bounded stretch per statement.
 */
export async function verifyAuditChain(db: Db | Tx): Promise<AuditChainCheck> {
  let after = 0;
  let previous = '';
  let head: AuditChainCheck['head'] = null;
  for (;;) {
    const batch = await checkLinks(db, after, previous);
    if (batch.broken) {
      const { entryId, position, reason } = batch.broken;
      return { ok: false, checked: position - 1, head: null, broken: brokenAt(entryId, position, reason) };
    }
    if (batch.n === 0 || !batch.last_position || !batch.last_hash) break;
    after = Number(batch.last_position);
    previous = batch.last_hash;
    head = { position: after, entryId: Number(batch.last_entry_id), hash: previous };
    if (batch.n < LINKS_PER_STATEMENT) break;
  }
  const unlinked = await firstUnlinked(db);
  if (unlinked !== null)
    return { ok: false, checked: after, head, broken: brokenAt(unlinked, null, 'UNLINKED') };
  return { ok: true, checked: after, head, broken: null };
}

const running = new WeakMap<Db, Promise<AuditChainCheck>>();

/**
 * The verification the screen asks for: while one runs, a second request gets the same answer instead
 * of walking the whole trail again, so the button cannot be turned into a load on the database.
 */
export function verifyAuditChainOnce(db: Db): Promise<AuditChainCheck> {
  let check = running.get(db);
  if (!check) {
    check = verifyAuditChain(db).finally(() => running.delete(db));
    running.set(db, check);
  }
  return check;
}

/** Whether the link at `position` still holds `hash`, a head noted by an earlier verification. */
export async function anchorHolds(db: Db, position: number, hash: string): Promise<boolean> {
  const [row] = await rowsOf<{ hash: string }>(
    db,
    sql`select encode(hash, 'hex') as hash from audit_chain where position = ${position}`,
  );
  return row?.hash === hash;
}
