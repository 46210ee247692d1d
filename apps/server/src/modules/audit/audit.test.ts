import type { AuditEntry } from '@mandira/contract/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay } from '../../../test/builders/accounting-test-data.ts';
import {
  type LoadWorld,
  lineOf,
  load,
  loadWorld,
  ok,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { MILK_API } from '../../../test/builders/milk-fixtures.ts';
import { product } from '../../../test/builders/order-test-data.ts';
import { unnamedInTrail, wholeTrail } from '../../../test/unnamed-in-trail.ts';
import { rowsOf } from '../../db/client.ts';
import { LIVE_EVENTS_CHANNEL } from '../events/announce.ts';

/** The audit trail (docs/domain/audit.md): every write leaves its entries, a refused one none. */
let w: LoadWorld;
let finance: string;
let admin: string;
let cheese: number;
let cheeseItem: number;
beforeAll(async () => {
  w = await loadWorld();
  finance = await w.t.tokenWithRoles(['FINANCE_ADMIN']);
  admin = await w.t.tokenWithRoles(['SUPER_ADMIN']);
  cheeseItem = await stockedItem(w, { DEPO1: 500 });
  cheese = await product(w, [{ itemId: cheeseItem, quantity: 1 }]);
});
afterAll(() => w.close());

const trail = async (query: string, token = w.office): Promise<AuditEntry[]> => {
  const response = ok(await w.call('GET', `/audit?${query}`, undefined, token), `audit ${query}`);
  return response.json.data.content;
};

const newestId = async (): Promise<number> => {
  const [row] = await rowsOf<{ id: number | null }>(
    w.t.db,
    sql`select max(id)::int as id from audit_entries`,
  );
  return row!.id ?? 0;
};

/** The entries written since `after`, oldest first. */
const since = (after: number) =>
  rowsOf<{
    actor_id: number | null;
    actor_name: string;
    action: string;
    entity_type: string;
    entity_id: number | null;
    order_id: number | null;
    changes: { field: string; before: unknown; after: unknown }[];
  }>(w.t.db, sql`select * from audit_entries where id > ${after} order by id`);

const shortNameOf = async (warehouse: string) => {
  const [row] = await rowsOf<{ short_name: string }>(
    w.t.db,
    sql`select short_name from warehouses where name = ${warehouse}`,
  );
  return row!.short_name;
};

const me = async (token: string) =>
  (await w.call('GET', '/user-access/me', undefined, token)).json.data as { id: number; name: string };

describe('each kind of write leaves its entries', () => {
  it.each([
    {
      name: 'a milk vehicle created',
      write: () =>
        w.t.call(admin, {
          method: 'POST',
          url: `${MILK_API}/vehicles`,
          payload: { licencePlateCode: '06 SUT 77', tankerCount: 2, tankerVolumePerUnit: 1000 },
        }),
      token: () => admin,
      expected: [
        { action: 'CREATE', entity_type: 'MILK_VEHICLE', field: 'licencePlateCode', after: '06 SUT 77' },
      ],
    },
    {
      name: 'goods in on two lines (one entry per line)',
      write: async () =>
        w.call(
          'PUT',
          '/product-item/stock-import-bulk',
          {
            stockChange: [
              {
                id: await lineOf(w, cheeseItem, 'DEPO1'),
                importedQuantity: 5,
                stockOperationType: 'PRODUCTION_INBOUND',
              },
              {
                id: await lineOf(w, cheeseItem, 'DEPO2'),
                importedQuantity: 7,
                stockOperationType: 'PURCHASE_INBOUND',
              },
            ],
          },
          w.warehouse,
        ),
      token: () => w.warehouse,
      expected: [
        { action: 'PRODUCTION_INBOUND', entity_type: 'STOCK', field: 'quantity', after: 505 },
        { action: 'PURCHASE_INBOUND', entity_type: 'STOCK', field: 'quantity', after: 7 },
      ],
    },
  ])('$name', async ({ write, token, expected }) => {
    const before = await newestId();
    ok(await write(), 'write');
    const entries = await since(before);
    const actor = await me(token());
    expect(entries).toHaveLength(expected.length);
    entries.forEach((entry, index) => {
      const want = expected[index]!;
      expect(entry).toMatchObject({
        actor_id: actor.id,
        action: want.action,
        entity_type: want.entity_type,
      });
      expect(entry.entity_id).toEqual(expect.any(Number));
      expect(entry.changes).toContainEqual(expect.objectContaining({ field: want.field, after: want.after }));
    });
  });

  it('a user created and given a new password: never a password or hash in the trail', async () => {
    const before = await newestId();
    const created = ok(
      await w.t.call(admin, {
        method: 'POST',
        url: '/api/user-access',
        payload: {
          userName: 'denetim.ayse',
          name: 'Ayşe',
          surname: 'Kaya',
          password: 'gizli-sifre-123',
          roles: ['WAREHOUSE_STAFF'],
        },
      }),
      'user',
    );
    const id = created.json.data.id as number;
    ok(
      await w.t.call(admin, { method: 'GET', url: `/api/user-access/generate-pass?userAccessId=${id}` }),
      'pass',
    );
    const entries = await since(before);
    expect(entries.map((entry) => [entry.action, entry.entity_type, entry.entity_id])).toEqual([
      ['CREATE', 'USER', id],
      ['REGENERATE_PASSWORD', 'USER', id],
    ]);
    const text = JSON.stringify(entries.map((entry) => entry.changes));
    expect(text).not.toMatch(/gizli-sifre-123|password|hash|token/i);
    expect(entries[0]!.changes).toContainEqual({ field: 'userName', before: null, after: 'denetim.ayse' });
    // The answer names the action, the record and its fields in Turkish.
    const [newPassword, created2] = await trail(`entityType=USER&entityId=${id}`);
    expect(newPassword).toMatchObject({
      action: 'REGENERATE_PASSWORD',
      actionLabel: 'Yeni Şifre Oluşturma',
      entityLabel: 'Kullanıcı',
      entityName: 'Ayşe Kaya',
    });
    expect(created2!.changes).toContainEqual(
      expect.objectContaining({ field: 'roles', fieldLabel: 'Roller', afterLabel: 'Depo Personeli' }),
    );
  });

  it('an update lists only the fields that changed, before → after', async () => {
    const created = ok(
      await w.t.call(admin, {
        method: 'POST',
        url: `${MILK_API}/drivers`,
        payload: { name: 'Hasan', surname: 'Öztürk' },
      }),
      'driver',
    ).json.data;
    const before = await newestId();
    ok(
      await w.t.call(admin, {
        method: 'PUT',
        url: `${MILK_API}/drivers`,
        payload: { ...created, surname: 'Öztürkoğlu' },
      }),
      'update',
    );
    const [entry, ...rest] = await since(before);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'UPDATE', entity_type: 'MILK_DRIVER', entity_id: created.id });
    expect(entry!.changes).toEqual([{ field: 'surname', before: 'Öztürk', after: 'Öztürkoğlu' }]);
  });
});

describe("an order's whole story", () => {
  it('lists creation, review, warehouse steps, the load and the payment in one trail, newest first', async () => {
    const { order, itemId } = await orderInWarehouse(w, cheese, 2);
    const shipment = await shipmentIn(w);
    ok(await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 12 }]), 'load');
    ok(
      await pay(
        { ...w, finance },
        { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 10, logoInvoiceId: 'LG-1' },
      ),
      'pay',
    );
    const entries = await trail(`entityType=ORDER&entityId=${order.id}`);
    const story = entries.map((entry) => `${entry.entityType}:${entry.action}`).reverse();
    expect(story).toEqual([
      'ORDER:CREATE',
      'ORDER:FORWARD_TO_IN_REVIEW',
      'ORDER_ITEM:APPROVE',
      'ORDER_ITEM:FORWARD_TO_WAREHOUSE',
      'ORDER:FORWARD_TO_WAREHOUSE_OPERATION',
      'ORDER_ITEM:PREPARING',
      'ORDER_ITEM:PREPARED_WAITING_FOR_LOADING',
      'ORDER_ITEM:LOADING',
      'STOCK:SHIPMENT_OUTBOUND',
      'SHIPMENT_LOAD:LOAD_ITEM_TO_TRUCK',
      'ORDER_ITEM:LOAD_ITEM_TO_TRUCK',
      'PAYMENT:PAY_ORDER',
    ]);
    expect(entries.every((entry) => entry.orderId === order.id)).toBe(true);
    const approve = entries.find((entry) => entry.action === 'APPROVE')!;
    expect(approve.changes).toContainEqual(
      expect.objectContaining({ field: 'status', before: 'WAITING_FOR_APPROVAL', after: 'APPROVED' }),
    );
    const stock = entries.find((entry) => entry.action === 'SHIPMENT_OUTBOUND')!;
    const [item] = await rowsOf<{ itemName: string }>(
      w.t.db,
      sql`select name as "itemName" from product_items where id = ${cheeseItem}`,
    );
    expect(stock).toMatchObject({
      actionLabel: 'Sevkiyat Çıkışı',
      entityLabel: 'Stok',
      entityName: `${item!.itemName} · ${await shortNameOf('DEPO1')}`,
    });
    expect(stock.changes).toEqual([
      expect.objectContaining({
        field: 'quantity',
        fieldLabel: 'Miktar',
        beforeLabel: null,
        afterLabel: null,
      }),
    ]);
    const loaded = entries.find(
      (entry) => entry.entityType === 'ORDER_ITEM' && entry.action === 'LOAD_ITEM_TO_TRUCK',
    )!;
    expect(loaded.actionLabel).toBe('Araca Yükleme');
    expect(loaded.changes).toEqual([
      {
        field: 'loadedQuantity',
        fieldLabel: 'Yüklenen miktar',
        before: 0,
        after: 12,
        beforeLabel: null,
        afterLabel: null,
      },
      {
        field: 'shipmentId',
        fieldLabel: 'Sevkiyat',
        before: null,
        after: shipment.id,
        beforeLabel: null,
        afterLabel: shipment.code,
      },
    ]);
    const created = entries.find((entry) => entry.entityType === 'ORDER' && entry.action === 'CREATE')!;
    expect(created.entityName).toBe(`${order.orderNumber} · ${order.buyer.title}`);
    expect(created.changes).toContainEqual(
      expect.objectContaining({ field: 'buyerId', fieldLabel: 'Müşteri', afterLabel: order.buyer.title }),
    );
    // A line of a list names its product too.
    expect(created.changes.find((change) => change.field === 'items')!.afterLabel).toMatch(
      /^Miktar: 12, Ürün: \D+/,
    );
    expect(approve).toMatchObject({ actionLabel: 'Onay', entityLabel: 'Sipariş Kalemi' });
    expect(approve.changes).toContainEqual(
      expect.objectContaining({
        field: 'status',
        fieldLabel: 'Durum',
        beforeLabel: 'Onay Bekliyor',
        afterLabel: 'Onaylandı',
      }),
    );
    // Named as the office knows the user, not by the sign-in name.
    const payment = entries.find((entry) => entry.action === 'PAY_ORDER')!;
    expect(payment.actorName).toBe('Test Kullanıcı');
    expect(approve.actorName).toBeTruthy();
    // Paged newest first.
    const page = await w.call(
      'GET',
      `/audit?entityType=ORDER&entityId=${order.id}&page=2&size=5`,
      undefined,
      w.office,
    );
    expect(page.json.data).toMatchObject({ page: 2, size: 5, count: 12, totalPages: 3 });
    expect(page.json.data.content.map((entry: AuditEntry) => entry.id)).toEqual(
      entries.slice(5, 10).map((entry) => entry.id),
    );
  });
});

describe('a write that fails leaves no entry', () => {
  it('a refused transition (409) and a failed validation (400) write nothing', async () => {
    const { order } = await orderInWarehouse(w, cheese, 1, 'WAITING_FOR_WAREHOUSE_OPERATION');
    const before = await newestId();
    const refused = await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
    expect(refused.statusCode).toBe(409);
    const invalid = await w.t.call(admin, {
      method: 'POST',
      url: `${MILK_API}/vehicles`,
      payload: { licencePlateCode: '', tankerCount: -1 },
    });
    expect(invalid.statusCode).toBe(400);
    const short = await w.call(
      'PUT',
      '/product-item/stock-export-bulk',
      {
        stockChange: [
          {
            id: await lineOf(w, cheeseItem, 'DEPO3'),
            exportedQuantity: 1,
            stockOperationType: 'RETAIL_OUTBOUND',
          },
        ],
      },
      w.warehouse,
    );
    expect(short.statusCode).toBe(409);
    expect(await since(before)).toEqual([]);
  });
});

describe('reading the trail', () => {
  it('needs AUDIT_VIEW: 403 for the warehouse staff, 200 for the back office', async () => {
    expect((await w.call('GET', '/audit', undefined, w.warehouse)).statusCode).toBe(403);
    expect((await w.call('GET', '/audit', undefined, w.office)).statusCode).toBe(200);
  });

  it('filters by actor and action, and by Istanbul days', async () => {
    const actor = await me(w.warehouse);
    const mine = await trail(`actorId=${actor.id}&action=PREPARING`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => entry.actorId === actor.id && entry.action === 'PREPARING')).toBe(true);
    expect(await trail('from=2020-01-01&to=2020-01-02')).toEqual([]);
  });

  it("finds the filters' users and records by name, Turkish case-insensitive, and one record by its number", async () => {
    const records = async (query: string, token = w.office) =>
      ok(await w.call('GET', `/audit/records?${query}`, undefined, token), query).json.data as {
        id: number;
        name: string;
      }[];
    const ayse = await records('entityType=USER&q=AYŞE');
    expect(ayse.map((one) => one.name)).toContain('Ayşe Kaya');
    const [line] = await records(`entityType=STOCK&id=${await lineOf(w, cheeseItem, 'DEPO1')}`);
    expect(line!.name).toMatch(/ · /);
    const found = await records(
      `entityType=STOCK&q=${encodeURIComponent(line!.name.split(' · ')[0]!.toLocaleLowerCase('tr-TR'))}`,
    );
    expect(found.map((one) => one.id)).toContain(line!.id);
    expect((await w.call('GET', '/audit/records?entityType=USER', undefined, w.warehouse)).statusCode).toBe(
      403,
    );
    const bad = await w.call('GET', '/audit/records?entityType=NOPE', undefined, w.office);
    expect(bad.statusCode).toBe(400);
  });

  it('has no route that changes an entry, and the table refuses UPDATE and DELETE', async () => {
    expect((await w.call('DELETE', '/audit', undefined, w.office)).statusCode).toBe(404);
    await expect(w.t.db.execute(sql`update audit_entries set action = 'X'`)).rejects.toThrow();
    await expect(w.t.db.execute(sql`delete from audit_entries`)).rejects.toThrow();
    await expect(w.t.db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    expect(await newestId()).toBeGreaterThan(0);
  });
});

describe('live events', () => {
  it('a committed write notifies, a rolled-back one does not', async () => {
    let notices = 0;
    let ready!: () => void;
    const listening = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const stop = await w.t.database.subscribe(LIVE_EVENTS_CHANNEL, (event) => {
      if (event === 'ready') ready();
      if (event === 'notice') notices += 1;
    });
    try {
      await listening;
      const refused = await w.t.call(admin, {
        method: 'POST',
        url: `${MILK_API}/vehicles`,
        payload: { licencePlateCode: '06 SUT 77' },
      });
      expect(refused.statusCode).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(notices).toBe(0);
      ok(
        await w.t.call(admin, {
          method: 'POST',
          url: `${MILK_API}/vehicles`,
          payload: { licencePlateCode: '06 SUT 78' },
        }),
        'vehicle',
      );
      await expect.poll(() => notices, { timeout: 2_000 }).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  });
});

describe('every entry reads in Turkish', () => {
  it('names the action, the record kind, every field and every coded or referring value of every entry the tests wrote', async () => {
    const entries = await wholeTrail(
      async (page) =>
        ok(await w.call('GET', `/audit?size=200&page=${page}`, undefined, w.office), 'page').json.data,
    );
    expect(entries.length).toBeGreaterThan(40);
    expect(unnamedInTrail(entries)).toEqual([]);
  });
});
