import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { duplicate } from '../../http/errors.ts';
import { plateRule, vehicleRecordsOf } from './plates.ts';
import { recordsOf, type VehicleOrDriverKind } from './record-writes.ts';

let t: TestApp;
let actor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await rowsOf<{ id: number }>(
    t.db,
    sql`select id from users where user_name = ${ADMIN.userName}`,
  );
  actor = {
    userId: admin!.id,
    userName: ADMIN.userName,
    roles: [],
    privileges: new Set(),
    isSuperAdmin: true,
  };
});
afterAll(() => t.close());

/** A milk vehicle seen through the shared rules alone: its plate and version. */
type Tanker = { id: number; licencePlateCode: string; version: number };
const TANKER: VehicleOrDriverKind<Tanker, 'milk_vehicles'> = {
  table: 'milk_vehicles',
  entityType: 'MILK_VEHICLE',
  notFound: 'Süt aracı bulunamadı.',
  read: async (db, id) =>
    (
      await rowsOf<Tanker>(
        db,
        sql`select id, licence_plate_code as "licencePlateCode", version from milk_vehicles where id = ${id}`,
      )
    )[0],
};
const tankerTaken = (plate: string) => duplicate(`'${plate}' plakalı bir tanker var.`);
const tankerPlates = plateRule('milk_vehicles', tankerTaken);
const tankers = recordsOf(TANKER);
const lorryPlates = plateRule('vehicles', (plate) => duplicate(`'${plate}' plakalı bir kamyon var.`));

const inTx = <T>(work: (tx: Tx) => Promise<T>) => t.db.transaction(work);
const insertTanker = (tx: Tx, plate: string) => async () => {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into milk_vehicles (licence_plate_code) values (${plate}) returning id`,
  );
  return row!.id;
};
let plateCounter = 0;
const uniquePlate = () => `35 ORT ${String(++plateCounter).padStart(3, '0')}`;
const trail = (id: number) =>
  rowsOf<{ action: string; actor_id: number | null; changes: { field: string }[] }>(
    t.db,
    sql`select action, actor_id, changes from audit_entries
         where entity_type = 'MILK_VEHICLE' and entity_id = ${id} order by id`,
  );

describe('the plate rule of a vehicle table', () => {
  it("refuses a plate another vehicle carries, spaces ignored, with the table's 409, but not the vehicle's own", async () => {
    const plate = uniquePlate();
    const id = await inTx((tx) => insertTanker(tx, plate)());
    const squeezed = plate.replaceAll(' ', '');
    await expect(inTx((tx) => tankerPlates.refuseTaken(tx, squeezed))).rejects.toMatchObject({
      code: 'DUPLICATE',
      status: 409,
      message: `'${squeezed}' plakalı bir tanker var.`,
    });
    await expect(inTx((tx) => tankerPlates.refuseTaken(tx, squeezed, id))).resolves.toBeUndefined();
  });

  it('answers a write that lost the race on the unique index with the same 409', async () => {
    const plate = uniquePlate();
    await inTx((tx) => insertTanker(tx, plate)());
    const again = plate.replaceAll(' ', '');
    await expect(inTx((tx) => tankerPlates.guard(again, insertTanker(tx, again)))).rejects.toMatchObject({
      code: 'DUPLICATE',
      message: `'${again}' plakalı bir tanker var.`,
    });
  });

  it('keeps the order fleet and the milk vehicles apart: a milk plate is free for an order vehicle', async () => {
    const plate = uniquePlate();
    await inTx((tx) => insertTanker(tx, plate)());
    await expect(inTx((tx) => lorryPlates.refuseTaken(tx, plate))).resolves.toBeUndefined();
  });
});

/** An edit's steps that note in `ran` that they ran; the write renames the tanker when given a plate. */
const noting = (ran: string[], tx: Tx, id: number, renameTo?: string) => ({
  check: async () => {
    ran.push('check');
  },
  write: async () => {
    ran.push('write');
    if (renameTo) {
      await tx.execute(sql`update milk_vehicles set licence_plate_code = ${renameTo} where id = ${id}`);
    }
    return true;
  },
});

describe('creating and editing a vehicle or driver record', () => {
  it('answers a new record as read back, with its creator as writer and CREATE in its trail', async () => {
    const plate = uniquePlate();
    const created = await inTx((tx) => tankers.create(tx, actor, insertTanker(tx, plate)));
    expect(created).toEqual({ id: expect.any(Number), licencePlateCode: plate, version: 1 });
    const [row] = await rowsOf<{ updated_by: number }>(
      t.db,
      sql`select updated_by from milk_vehicles where id = ${created.id}`,
    );
    expect(row!.updated_by).toBe(actor.userId);
    expect(await trail(created.id)).toMatchObject([{ action: 'CREATE', actor_id: actor.userId }]);
  });

  it('takes the next version, checks, writes, and trails the record before and after', async () => {
    const created = await inTx((tx) => tankers.create(tx, actor, insertTanker(tx, uniquePlate())));
    const renamed = uniquePlate();
    const ran: string[] = [];
    const edited = await inTx((tx) =>
      tankers.update(tx, actor, created, noting(ran, tx, created.id, renamed)),
    );
    expect(ran).toEqual(['check', 'write']);
    expect(edited).toEqual({ id: created.id, licencePlateCode: renamed, version: 2 });
    const [, update] = await trail(created.id);
    expect(update).toMatchObject({ action: 'UPDATE', actor_id: actor.userId });
    expect(update!.changes.map((change) => change.field)).toEqual(['licencePlateCode']);
  });

  it('refuses an edit read at an older version with 409 before it checks or writes', async () => {
    const created = await inTx((tx) => tankers.create(tx, actor, insertTanker(tx, uniquePlate())));
    const ran: string[] = [];
    const stale = { id: created.id, version: created.version + 1 };
    await expect(
      inTx((tx) => tankers.update(tx, actor, stale, noting(ran, tx, created.id))),
    ).rejects.toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(ran).toEqual([]);
    expect(await trail(created.id)).toHaveLength(1);
  });

  it("answers an edit of an unknown record with the kind's 404 and writes nothing", async () => {
    const ran: string[] = [];
    await expect(
      inTx((tx) => tankers.update(tx, actor, { id: 999_999 }, noting(ran, tx, 999_999))),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Süt aracı bulunamadı.' });
    expect(ran).not.toContain('write');
  });

  it("holds a vehicle's create and edit to its plate rule, writing nothing when the plate is taken", async () => {
    const plated = vehicleRecordsOf(TANKER, tankerTaken);
    const created = (plate: string) => inTx((tx) => plated.create(tx, actor, plate, insertTanker(tx, plate)));
    const kept = await created(uniquePlate());
    const other = await created(uniquePlate());
    const taken = kept.licencePlateCode.replaceAll(' ', '');
    await expect(created(taken)).rejects.toMatchObject({
      code: 'DUPLICATE',
      message: `'${taken}' plakalı bir tanker var.`,
    });
    let written = false;
    const rename = { ...other, licencePlateCode: taken };
    await expect(
      inTx((tx) =>
        plated.update(tx, actor, rename, async () => {
          written = true;
          return true;
        }),
      ),
    ).rejects.toMatchObject({ code: 'DUPLICATE' });
    expect(written).toBe(false);
    expect(await inTx((tx) => plated.get(tx, other.id))).toEqual(other);
  });
});
