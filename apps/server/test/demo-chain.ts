import type { Db } from '../src/db/client.ts';
import { DEMO_SEEDERS } from '../src/demo/demo-seed.ts';
import { seedDemoUsers } from '../src/demo/demo-users.ts';

/**
 * The demo users and the demo seeders in `npm run demo`'s own order, up to and including `last`, so a
 * demo test seeds what its area builds on without restating the chain. Milk stands apart: no later
 * area reads it, so it is left out to keep these tests short.
 */
export async function seedDemoThrough(db: Db, last: string): Promise<void> {
  await seedDemoUsers(db);
  for (const seeder of DEMO_SEEDERS) {
    if (seeder.area === 'milk') continue;
    await seeder.seed(db);
    if (seeder.area === last) return;
  }
  throw new Error(`no demo seeder for '${last}'`);
}
