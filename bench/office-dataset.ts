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

async function main(size: OfficeSize) {
  process.env.BENCH_KEEP_DATABASE = '1';
  const databaseUrl = await createDatabase(`mandira_office_${size}`);
  const server = await startServer(`${size}-A`, databaseUrl);
  await addWarehouses(server, await signIn(server), 4);
  await server.stop();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const dataset = await generateOfficeDataset(client, {
    size,
    scale: Number(process.env.BENCH_OFFICE_SCALE ?? 1),
    adminUserName: ADMIN.userName,
  });
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
