import { createHash } from 'node:crypto';
import type { AuditChainBreak, AuditChainCheck } from '@mandira/contract/audit-chain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/builders/milk-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { verifyAuditChain } from './audit-chain.ts';

/**
 * The audit trail's hash chain (docs/domain/audit.md): every committed entry is linked, and whoever
 * gets past the table's protection (a superuser on PostgreSQL, anyone on the embedded database) and
 * changes, removes or slips in an entry is named by the verification.
 */
let t: TestApp;
let admin: string;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  for (let i = 0; i < 5; i++) await createVehicle(t, admin);
  ids = (await rowsOf<{ id: string }>(t.db, sql`select id::text from audit_entries order by id`)).map((row) =>
    Number(row.id),
  );
});
afterAll(() => t.close());

const verify = async (token = admin): Promise<{ statusCode: number; check: AuditChainCheck }> => {
  const response = await t.call(token, { method: 'GET', url: '/api/audit/chain' });
  return { statusCode: response.statusCode, check: response.json.data };
};

/** Tampers inside a transaction that is rolled back, so each case starts from the whole chain. */
async function tampered(tamper: (tx: Tx) => Promise<unknown>): Promise<AuditChainCheck> {
  let check: AuditChainCheck | undefined;
  await t.db
    .transaction(async (tx) => {
      await tamper(tx);
      check = await verifyAuditChain(tx);
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
  return check!;
}

describe('a whole chain', () => {
  it('links every committed entry, each hash a sha256 over the previous hash and the entry', async () => {
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const links = await rowsOf<{ entry_id: string; hash: string; content: string }>(
      t.db,
      sql`select c.entry_id::text, encode(c.hash, 'hex') as hash,
                 jsonb_build_array(e.id, extract(epoch from e.at), e.actor_id, e.actor_name, e.action,
                                   e.entity_type, e.entity_id, e.order_id, e.changes)::text as content
            from audit_chain c join audit_entries e on e.id = c.entry_id order by c.position`,
    );
    expect(links.map((link) => Number(link.entry_id))).toEqual(ids);
    let previous = Buffer.alloc(0);
    for (const link of links) {
      const expected = createHash('sha256').update(previous).update(link.content, 'utf8').digest();
      expect(link.hash).toBe(expected.toString('hex'));
      previous = expected;
    }
  });

  it('answers whole through the screen, with the last link as its head', async () => {
    const { statusCode, check } = await verify();
    expect(statusCode).toBe(200);
    expect(check).toMatchObject({ ok: true, checked: ids.length, broken: null });
    expect(check.head).toMatchObject({ position: ids.length, entryId: ids.at(-1) });
    expect(check.head?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is refused to a user without AUDIT_VIEW', async () => {
    const secretary = await t.tokenWithRoles(['SECRETARY']);
    expect((await verify(secretary)).statusCode).toBe(403);
  });
});

const entriesTrigger = (tx: Tx, on: boolean) =>
  tx.execute(
    sql.raw(`alter table audit_entries ${on ? 'enable' : 'disable'} trigger audit_entries_no_change`),
  );

describe('a tampered trail names its first broken entry', () => {
  const middle = () => ids[2]!;
  let slippedIn = 0;
  it.each<{
    name: string;
    tamper: (tx: Tx) => Promise<unknown>;
    entry: () => number;
    reason: AuditChainBreak;
  }>([
    {
      name: "an entry's changes rewritten",
      tamper: async (tx) => {
        await entriesTrigger(tx, false);
        await tx.execute(sql`update audit_entries set changes = '[]'::jsonb where id = ${middle()}`);
      },
      entry: middle,
      reason: 'CHANGED',
    },
    {
      name: 'every entry rewritten by a column type change, no trigger firing',
      tamper: (tx) =>
        tx.execute(sql`alter table audit_entries alter column actor_name type text using actor_name || '.'`),
      entry: () => ids[0]!,
      reason: 'CHANGED',
    },
    {
      name: 'an entry deleted',
      tamper: async (tx) => {
        await entriesTrigger(tx, false);
        await tx.execute(sql`delete from audit_entries where id = ${middle()}`);
      },
      entry: middle,
      reason: 'MISSING',
    },
    {
      name: 'an entry deleted with its link',
      tamper: async (tx) => {
        await entriesTrigger(tx, false);
        await tx.execute(sql`alter table audit_chain disable trigger audit_chain_no_change`);
        await tx.execute(sql`delete from audit_entries where id = ${middle()}`);
        await tx.execute(sql`delete from audit_chain where entry_id = ${middle()}`);
      },
      entry: () => ids[3]!,
      reason: 'GAP',
    },
    {
      name: "an entry changed and its own link's hash made again",
      tamper: async (tx) => {
        await entriesTrigger(tx, false);
        await tx.execute(sql`alter table audit_chain disable trigger audit_chain_no_change`);
        await tx.execute(sql`update audit_entries set actor_name = 'Başkası' where id = ${middle()}`);
        await tx.execute(sql`update audit_chain c
                                set hash = audit_entry_digest(p.hash, e)
                               from audit_chain p, audit_entries e
                              where c.entry_id = ${middle()} and p.position = c.position - 1 and e.id = c.entry_id`);
      },
      entry: () => ids[3]!,
      reason: 'CHANGED',
    },
    {
      name: 'an entry slipped in past the trigger',
      tamper: async (tx) => {
        await tx.execute(sql`alter table audit_entries disable trigger audit_entries_chain`);
        const [row] = await rowsOf<{ id: string }>(
          tx,
          sql`insert into audit_entries (actor_name, action, entity_type)
              values ('Sahte', 'DELETE', 'ORDER') returning id::text`,
        );
        slippedIn = Number(row!.id);
      },
      entry: () => slippedIn,
      reason: 'UNLINKED',
    },
  ])('$name', async ({ tamper, entry, reason }) => {
    const check = await tampered(tamper);
    expect(check.ok).toBe(false);
    expect(check.broken).toMatchObject({ entryId: entry(), reason });
    expect(check.broken?.message).toContain(`${entry()} numaralı kayıt`);
  });

  it('says so on the screen once a superuser has changed an entry for good', async () => {
    await t.db.transaction(async (tx) => {
      await entriesTrigger(tx, false);
      await tx.execute(sql`update audit_entries set actor_name = 'Başkası' where id = ${ids[1]!}`);
      await entriesTrigger(tx, true);
    });
    const { statusCode, check } = await verify();
    expect(statusCode).toBe(200);
    expect(check).toMatchObject({
      ok: false,
      checked: 1,
      broken: { entryId: ids[1], position: 2, reason: 'CHANGED' },
    });
    expect(check.broken?.message).toBe(
      `Denetim kaydı bozuk: ${ids[1]} numaralı kayıt sonradan değiştirilmiş.`,
    );
  });
});
