/**
 * `npx tsx bench/office-dataset.ts month|year`: builds one of the office mix's data sets
 * (bench/dataset-year.ts) on a database that is kept, to study its plans with EXPLAIN and for the next
 * `BENCH_KEEP_DATABASE=1 npm run bench:office` to reuse; prints its URL and the biggest buyer. Drop the
 * database when done (`drop database … with (force)`).
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  DATASET_VERSION,
  describeDataset,
  generateOfficeDataset,
  type OfficeDataset,
  type OfficeSize,
} from './dataset-year.ts';
import { addWarehouses, signIn } from './harness/api.ts';
import { createDatabase, keptDatabase, noteComplete } from './harness/database.ts';
import { finish } from './harness/process.ts';
import { ADMIN, type Server, startServer } from './harness/server.ts';

/** The kept database of a size and scale: one name per data set, so the next run finds it. */
export const keptName = (size: OfficeSize, scale: number) =>
  `mandira_office_${size}_x${String(scale).replace('.', 'p')}_v${DATASET_VERSION}`;

/**
 * A database holding one of the office mix's data sets, built as the mix builds it: migrated by a
 * first server (left running, with the warehouses the data set stocks), then filled in SQL and
 * analyzed. With BENCH_KEEP_DATABASE it is the kept database of its size and scale, reused as it is
 * when an earlier run completed it (`reused` set); the writes of earlier mixes stay in it.
 */
export async function buildOfficeDatabase(
  size: OfficeSize,
  scale: number,
): Promise<{ databaseUrl: string; server: Server; dataset: OfficeDataset }> {
  const kept = process.env.BENCH_KEEP_DATABASE ? await keptDatabase(keptName(size, scale)) : undefined;
  if (kept?.note) {
    const server = await startServer(`${size}-A`, kept.url);
    return {
      databaseUrl: kept.url,
      server,
      dataset: { ...(JSON.parse(kept.note) as OfficeDataset), reused: true },
    };
  }
  const databaseUrl = kept?.url ?? (await createDatabase(`mandira_office_${size}`));
  const server = await startServer(`${size}-A`, databaseUrl);
  await addWarehouses(server, await signIn(server), 4);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dataset = await generateOfficeDataset(client, { size, scale, adminUserName: ADMIN.userName });
    if (kept) await client.query('vacuum analyze');
    if (kept) await noteComplete(databaseUrl, JSON.stringify(dataset));
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
