import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerBody } from '../../test/builders/buyer-test-data.ts';
import { driverBody, vehicleBody } from '../../test/builders/fleet-test-data.ts';
import { MILK_API, uniquePlate as milkPlate } from '../../test/builders/milk-fixtures.ts';
import { itemBody } from '../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/client.ts';
import { staleRecordMessage, type VersionedTable } from './record-version.ts';

/**
 * Every record with an edit form: read it, let two writers save from the same version, and the
 * second is refused naming the first (docs/domain/record-versions.md).
 */
type Editable = {
  name: string;
  table: VersionedTable;
  url: string;
  /** The create body; the update sends it again with the id, the version and `column` changed. */
  body: (t: TestApp, admin: string) => Promise<Record<string, unknown>>;
  column: string;
  field: string;
};

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

const EDITABLE: Editable[] = [
  {
    name: 'buyer',
    table: 'buyers',
    url: '/api/buyers',
    body: async () => buyerBody(),
    column: 'title',
    field: 'title',
  },
  {
    name: 'buyer warehouse',
    table: 'buyer_warehouses',
    url: '/api/buyers/warehouses',
    body: async (t, admin) => {
      const buyer = await t.call(admin, { method: 'POST', url: '/api/buyers', payload: buyerBody() });
      return { buyerId: buyer.json.data.id, code: `D${next()}`, title: 'Merkez Depo' };
    },
    column: 'title',
    field: 'title',
  },
  {
    name: 'sellable product',
    table: 'products',
    url: '/api/products',
    body: async () => ({ name: `Kahvaltılık Paket ${next()}`, quantityInsideBox: 6, price: 10, discount: 2 }),
    column: 'name',
    field: 'name',
  },
  {
    name: 'stockable item',
    table: 'product_items',
    url: '/api/product-item',
    body: async () => itemBody(),
    column: 'name',
    field: 'name',
  },
  {
    name: 'vehicle',
    table: 'vehicles',
    url: '/api/shipments/vehicle',
    body: async () => vehicleBody(),
    column: 'brand',
    field: 'brand',
  },
  {
    name: 'driver',
    table: 'drivers',
    url: '/api/shipments/vehicleDrivers',
    body: async () => driverBody(),
    column: 'surname',
    field: 'surname',
  },
  {
    name: 'milk vehicle',
    table: 'milk_vehicles',
    url: `${MILK_API}/vehicles`,
    body: async () => ({ licencePlateCode: milkPlate(), brand: 'Ford', model: 'Cargo', tankerCount: 2 }),
    column: 'brand',
    field: 'brand',
  },
  {
    name: 'milk driver',
    table: 'milk_vehicle_drivers',
    url: `${MILK_API}/drivers`,
    body: async () => ({ name: 'Mustafa', surname: 'Koç' }),
    column: 'surname',
    field: 'surname',
  },
  {
    name: 'user',
    table: 'users',
    url: '/api/user-access',
    body: async () => ({
      userName: `surum${next()}`,
      name: 'Deniz',
      surname: 'Kaya',
      roles: ['WAREHOUSE_STAFF'],
    }),
    column: 'surname',
    field: 'surname',
  },
  {
    name: 'role',
    table: 'roles',
    url: '/api/acl/roles',
    body: async () => ({ key: `SURUM_ROLU_${next()}`, label: 'Sürüm rolü', privileges: [] }),
    column: 'label',
    field: 'label',
  },
];

let t: TestApp;
let admin: string;
let ayse: string;
let mehmet: string;

async function writer(name: string, surname: string): Promise<string> {
  const userName = `${name.toLowerCase().replace('ş', 's')}${next()}`;
  const created = await t.call(admin, {
    method: 'POST',
    url: '/api/user-access',
    payload: { userName, name, surname, password: 'surum-sifre-123', roles: ['SUPER_ADMIN'] },
  });
  expect(created.statusCode).toBe(200);
  return t.signIn(userName, 'surum-sifre-123');
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  ayse = await writer('Ayşe', 'Yılmaz');
  mehmet = await writer('Mehmet', 'Demir');
});
afterAll(() => t.close());

async function stored(table: VersionedTable, column: string, id: number) {
  const [row] = await rowsOf<{ value: string; version: number; updated_by: number | null }>(
    t.db,
    sql`select ${sql.identifier(column)} as value, version, updated_by
          from ${sql.identifier(table)} where id = ${id}`,
  );
  return row!;
}

describe.each(EDITABLE)('the $name record', ({ table, url, body, column, field }) => {
  it('answers its version, refuses a write from an older one naming the first writer, and counts up', async () => {
    const fields = await body(t, admin);
    const created = await t.call(admin, { method: 'POST', url, payload: fields });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version } = created.json.data;
    expect(version).toBe(1);

    const put = (token: string, value: string, sent?: number) =>
      t.call(token, {
        method: 'PUT',
        url,
        payload: { ...fields, id, [field]: value, ...(sent === undefined ? {} : { version: sent }) },
      });

    const first = await put(ayse, 'Ayşe yazdı', 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json.data.version).toBe(2);

    const second = await put(mehmet, 'Mehmet yazdı', 1);
    expect(second.statusCode).toBe(409);
    expect(second.json.error.code).toBe('CONFLICT');
    expect(second.json.error.message).toMatch(
      /^Bu kayıt siz açtıktan sonra Ayşe Yılmaz tarafından değiştirildi \(\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\)\. Son hâlini görmek için formu kapatıp yeniden açın\.$/,
    );
    const afterRefusal = await stored(table, column, id);
    expect(afterRefusal.value).toBe('Ayşe yazdı');
    expect(afterRefusal.version).toBe(2);

    const withoutVersion = await put(mehmet, 'Mehmet yazdı', undefined);
    expect(withoutVersion.statusCode, withoutVersion.body).toBe(200);
    expect(withoutVersion.json.data.version).toBe(3);
    expect((await stored(table, column, id)).value).toBe('Mehmet yazdı');

    const current = await put(ayse, 'Ayşe yine yazdı', 3);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json.data.version).toBe(4);
  });
});

describe('the conflict message', () => {
  it('names the time in Istanbul, and another user when the writer is not known', () => {
    expect(staleRecordMessage('Ayşe Yılmaz', new Date('2026-11-24T19:14:00Z'))).toBe(
      'Bu kayıt siz açtıktan sonra Ayşe Yılmaz tarafından değiştirildi (24.11.2026 22:14). ' +
        'Son hâlini görmek için formu kapatıp yeniden açın.',
    );
    expect(staleRecordMessage(null, new Date('2026-01-05T06:03:00Z'))).toBe(
      'Bu kayıt siz açtıktan sonra başka bir kullanıcı tarafından değiştirildi (05.01.2026 09:03). ' +
        'Son hâlini görmek için formu kapatıp yeniden açın.',
    );
  });
});
