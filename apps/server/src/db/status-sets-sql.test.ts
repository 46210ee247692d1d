import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import {
  CANCELED_ITEM_STATUSES,
  CANCELED_ORDER_STATUSES,
  FINISHED_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  RESERVING_ITEM_STATUSES,
  WAREHOUSE_ORDER_STATUSES,
} from '@mandira/contract/order-machines';
import { CLOSED_SHIPMENT_STATUSES, SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { connectPglite, connectPostgres, type Database, type Db, rowsOf } from './client.ts';
import {
  SQL_STATUS_SETS,
  type SqlStatusSet,
  statusSetDefinition,
  writeStatusSets,
} from './status-set-functions.ts';

// Every status of every machine: a quoted one in the database's code is a status list written by hand.
const MACHINE_STATUSES = new Set<string>([...ORDER_STATUSES, ...ORDER_ITEM_STATUSES, ...SHIPMENT_STATUSES]);
const SET_NAMES = Object.keys(SQL_STATUS_SETS) as SqlStatusSet[];

/** The machine statuses quoted in a piece of SQL ('STATUS:IN_REVIEW' holds one too). */
function quotedStatuses(text: string): string[] {
  return [...text.matchAll(/'((?:[^']|'')*)'/g)].flatMap(
    ([, literal]) => literal?.split(/[^A-Z_]+/).filter((word) => MACHINE_STATUSES.has(word)) ?? [],
  );
}

const runnerOf = (db: Db) => ({
  query: async (text: string) => ({ rows: await rowsOf(db, sql.raw(text)) }),
});

describe('the status sets in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('answers each set function with the contract set of its name', async () => {
    for (const name of SET_NAMES) {
      const [row] = await rowsOf<{ list: string[] }>(database.db, sql.raw(`select ${name}() as list`));
      expect({ name, list: row?.list }).toEqual({ name, list: [...SQL_STATUS_SETS[name]] });
    }
  });

  it('holds no status list in any function, view or trigger but the set functions', async () => {
    const code = await rowsOf<{ what: string; text: string }>(
      database.db,
      sql`select 'function ' || p.proname as what, p.prosrc as text
            from pg_proc p where p.pronamespace = 'public'::regnamespace
             and not p.proname = any(${sql.param(SET_NAMES)}::text[])
          union all
          select 'view ' || viewname, definition from pg_views where schemaname = 'public'
          union all
          select 'trigger ' || tgname, pg_get_triggerdef(oid) from pg_trigger where not tgisinternal`,
    );
    expect(code.some(({ what }) => what === 'function buyer_balances_order_share')).toBe(true);
    const handWritten = code
      .map(({ what, text }) => ({ what, statuses: quotedStatuses(text) }))
      .filter(({ statuses }) => statuses.length > 0);
    expect(handWritten).toEqual([]);
  });

  it('names only the contract sets in the partial indexes and checks on status columns', async () => {
    // An index predicate must hold its list as constants for the planner to match it; drizzle writes
    // them from the contract (db/schema), and here they are held to it.
    const contractSets = [
      ORDER_STATUSES,
      ORDER_ITEM_STATUSES,
      SHIPMENT_STATUSES,
      OPEN_ORDER_STATUSES,
      FINISHED_ORDER_STATUSES,
      CANCELED_ORDER_STATUSES,
      WAREHOUSE_ORDER_STATUSES,
      CANCELED_ITEM_STATUSES,
      RESERVING_ITEM_STATUSES,
      CLOSED_SHIPMENT_STATUSES,
    ].map((set) => [...set].sort().join());
    const definitions = await rowsOf<{ what: string; text: string }>(
      database.db,
      sql`select indexname as what, indexdef as text from pg_indexes
           where schemaname = 'public' and tablename in ('orders', 'order_items', 'shipments')
          union all
          select conname, pg_get_constraintdef(oid) from pg_constraint
           where contype = 'c' and conrelid in ('orders'::regclass, 'order_items'::regclass, 'shipments'::regclass)`,
    );
    const lists = definitions
      .map(({ what, text }) => ({ what, list: [...new Set(quotedStatuses(text))].sort().join() }))
      .filter(({ list }) => list !== '');
    expect(lists.map(({ what }) => what)).toContain('orders_review_view_idx');
    expect(lists.filter(({ list }) => !contractSets.includes(list))).toEqual([]);
  });

  it('folds a set into the query that calls it, as the literal list was', async () => {
    const plan = await rowsOf<Record<string, string>>(
      database.db,
      sql`explain (verbose, costs off)
          select buyer_balances_order_share(status, dealt_total_price), order_item_stage(status) from orders`,
    );
    const text = plan.map((row) => Object.values(row).join()).join('\n');
    expect(text).toContain(`'{${CANCELED_ORDER_STATUSES.join(',')}}'::text[]`);
    expect(text).not.toMatch(/order_canceled_statuses|order_item_warehouse_statuses/);
  });

  it('writes a set function back from the contract when a migrate finds it changed, and nothing when in step', async () => {
    expect(await writeStatusSets(runnerOf(database.db))).toEqual([]);
    await database.db.execute(
      sql.raw(
        "create or replace function order_canceled_statuses() returns text[] language sql immutable as $$select array['CANCELED_BY_SELLER']::text[]$$",
      ),
    );
    await database.migrate();
    const [row] = await rowsOf<{ list: string[] }>(
      database.db,
      sql`select order_canceled_statuses() as list`,
    );
    expect(row?.list).toEqual([...CANCELED_ORDER_STATUSES]);
    expect(statusSetDefinition('order_canceled_statuses')).toContain('IMMUTABLE');
  });
});

/**
 * A kept database: one migrated before the set functions, with orders in it, then migrated as a new
 * version starts. The kept figures stand as before and keep following the orders.
 */
describe('a database kept from before the status sets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandira-status-sets-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The migrations folder without 0034 and what came after it. */
  function migrationsBeforeSets(): string {
    const source = new URL('./migrations', import.meta.url).pathname;
    fs.cpSync(source, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < 34);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    return dir;
  }

  async function keptDatabase(): Promise<{ kept: Database; drop: () => Promise<void> }> {
    const migrationsFolder = migrationsBeforeSets();
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    if (!serverUrl) {
      const kept = await connectPglite();
      const client = (kept.db as unknown as { $client: PGlite }).$client;
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      return { kept, drop: async () => {} };
    }
    // An empty database: the copies of the test template are migrated to the end already.
    const name = `mandira_kept_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.end();
    const kept = connectPostgres(url.toString(), { poolSize: 2, onIdleError: () => {} });
    return {
      kept,
      drop: async () => {
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }

  const balances = (db: Db) =>
    rowsOf(
      db,
      sql`select buyer_id, balance::text, orders_total::text, order_count, live_order_count
            from buyer_balances order by buyer_id`,
    );
  const fromScratch = (db: Db) =>
    rowsOf(
      db,
      sql`select buyer_id, balance::text, orders_total::text, order_count, live_order_count
            from buyer_balances_from_scratch() order by buyer_id`,
    );
  const viewCounts = (db: Db) =>
    rowsOf<{ view: string; count: number }>(db, sql`select view, count from order_view_counts order by view`);

  it('migrates with its kept balances and screen counts as they were, and keeps them after', async () => {
    const { kept, drop } = await keptDatabase();
    try {
      const { db } = kept;
      await db.execute(sql`insert into buyers (id, code, title) values (1, 'B1', 'Alıcı')`);
      const statuses = ['WAITING_FOR_REVIEW', 'IN_PROGRESS', 'CANCELED_BY_BUYER', 'COMPLETED'];
      for (const [index, status] of statuses.entries()) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`insert into orders (id, buyer_id, status, total_price, dealt_total_price,
                                                   warehouse_items)
                               values (${index + 1}, 1, ${status}, 100, 100, ${index === 1 ? 1 : 0})`);
          await tx.execute(sql`insert into accounting_transactions (buyer_id, order_id, reason, amount)
                               values (1, ${index + 1}, 'NEW_ORDER', 100)`);
        });
      }
      const before = { balances: await balances(db), views: await viewCounts(db) };
      expect(before.balances).toEqual(await fromScratch(db));

      await kept.migrate();
      expect(await balances(db)).toEqual(before.balances);
      expect(await viewCounts(db)).toEqual(before.views);
      await db.execute(sql`select order_view_counts_recount()`);
      expect(await viewCounts(db)).toEqual(before.views);

      // The triggers now read the sets: a cancel still takes the order off its buyer's balance and
      // off the warehouse screen.
      await db.execute(sql`update orders set status = 'CANCELED_BY_SELLER' where id = 2`);
      expect(await balances(db)).toEqual(await fromScratch(db));
      expect((await balances(db))[0]).toMatchObject({ orders_total: '200.00', live_order_count: 2 });
      const views = Object.fromEntries((await viewCounts(db)).map((row) => [row.view, row.count]));
      expect(views).toMatchObject({ REVIEW: 1, WAREHOUSE: 0, 'STATUS:CANCELED_BY_SELLER': 1 });
    } finally {
      await kept.close();
      await drop();
    }
  });
});
