import { COUNT_LIMIT } from '@mandira/contract/paging';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenWithRoles(['SUPER_ADMIN']);
  // A trail longer than anyone counts: entries of one buyer, and a few of another.
  await t.db.execute(
    sql`insert into audit_entries (actor_name, action, entity_type, entity_id)
        select 'Deneme', 'UPDATE_BUYER', 'BUYER', case when g <= 12 then 2 else 1 end
          from generate_series(1, ${COUNT_LIMIT + 62}) g`,
  );
});
afterAll(() => t.close());

const trail = (query: string) => t.call(admin, { method: 'GET', url: `/api/audit?${query}` });

describe('the audit trail counts up to COUNT_LIMIT (decision 149)', () => {
  it('answers a long trail with the count capped and flagged, its pages within the newest COUNT_LIMIT', async () => {
    const first = await trail('entityType=BUYER&entityId=1&page=1&size=100');
    expect(first.statusCode).toBe(200);
    expect(first.json.data).toMatchObject({
      count: COUNT_LIMIT,
      countCapped: true,
      totalPages: COUNT_LIMIT / 100,
    });
    expect(first.json.data.content).toHaveLength(100);
    const last = await trail(`entityType=BUYER&entityId=1&page=${COUNT_LIMIT / 100}&size=100`);
    expect(last.json.data.content).toHaveLength(100);
    for (const page of [COUNT_LIMIT / 100 + 1, 2_147_483_647]) {
      const beyond = await trail(`entityType=BUYER&entityId=1&page=${page}&size=100`);
      expect(beyond.statusCode).toBe(200);
      expect(beyond.json.data).toMatchObject({ content: [], count: COUNT_LIMIT, countCapped: true });
    }
  });

  it('counts a short trail exactly, without the flag', async () => {
    const page = await trail('entityType=BUYER&entityId=2&page=1&size=5');
    expect(page.json.data).toMatchObject({ count: 12, totalPages: 3 });
    expect(page.json.data.countCapped).toBeUndefined();
  });
});
