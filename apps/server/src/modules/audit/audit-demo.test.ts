import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { unnamedInTrail, wholeTrail } from '../../../test/unnamed-in-trail.ts';
import { DEMO_SEEDERS } from '../../demo/demo-seed.ts';
import { seedDemoUsers } from '../../demo/demo-users.ts';
import { listAuditEntries } from './audit.service.ts';

/**
 * The whole demo goes through the services of every area, so its trail holds what each of them
 * records (decision 144): every action, field and value of it must read in Turkish.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUsers(t.db);
  for (const seeder of DEMO_SEEDERS) await seeder.seed(t.db);
}, 600_000);
afterAll(() => t.close());

describe("the demo's trail", () => {
  it('names every action, record kind, field, code and referred record of every area in Turkish', async () => {
    const entries = await wholeTrail((page) => listAuditEntries(t.db, { page, size: 200 }));
    expect(entries.length).toBeGreaterThan(1000);
    expect(new Set(entries.map((entry) => entry.entityType)).size).toBeGreaterThan(15);
    expect(unnamedInTrail(entries)).toEqual([]);
  }, 120_000);
});
