/**
 * `npx tsx bench/office-dataset.ts month|year`: builds one of the office mix's data sets
 * (bench/dataset-year.ts) on a database that is kept, to study its plans with EXPLAIN; prints its URL
 * and the biggest buyer. Drop the database when done (`drop database … with (force)`).
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describeDataset, generateOfficeDataset, type OfficeSize } from './dataset-year.ts';
import { addWarehouses, signIn } from './harness/api.ts';
import { createDatabase } from './harness/database.ts';
import { finish } from './harness/process.ts';
import { ADMIN, startServer } from './harness/server.ts';

/**
 * A new database holding one of the office mix's data sets, built as the mix builds it: migrated by a
 * first server (left running, with the warehouses the data set stocks), then filled in SQL.
 */
export async function buildOfficeDatabase(size: OfficeSize, scale: number) {
  const databaseUrl = await createDatabase(`mandira_office_${size}`);
  const server = await startServer(`${size}-A`, databaseUrl);
  await addWarehouses(server, await signIn(server), 4);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dataset = await generateOfficeDataset(client, { size, scale, adminUserName: ADMIN.userName });
    return { databaseUrl, server, dataset };
  } finally {
    await client.end();
  }
}

async function main(size: OfficeSize) {
  process.env.BENCH_KEEP_DATABASE = '1';
  const { databaseUrl, server, dataset } = await buildOfficeDatabase(
    size,
    Number(process.env.BENCH_OFFICE_SCALE ?? 1),
  );
  await server.stop();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
  console.log(describeDataset(dataset));
  console.log(`database ${databaseUrl}, biggest buyer ${dataset.ledger.bigBuyerId}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = process.argv[2];
  if (size !== 'month' && size !== 'year') throw new Error('usage: office-dataset.ts month|year');
  main(size).then(
    () => finish(0),
    async (error) => {
      console.error(error);
      await finish(1);
    },
  );
}
