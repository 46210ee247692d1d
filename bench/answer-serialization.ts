/**
 * `npm run bench:answers`: what writing the hot reads' answers costs, per serializer, on the same
 * answers (decisions 125 and 133). The demo data set on an in-memory database gives real answers; each
 * list is widened to a full page (50 rows, the screens' page; `BENCH_ANSWER_ROWS` for another size) by
 * repeating its rows. Three ways are timed on the main thread: `JSON.stringify` of whatever the service
 * returned (before the answers were declared), the zod encode the type provider offers and then
 * `JSON.stringify`, and the serializer the server compiles per route from the declared answer (the
 * declared fields copied, then the native `JSON.stringify`). Then the answer as it is sent: written,
 * its bytes counted and compressed as the API compresses it (br, quality 1), once as one string
 * (`answerWriterOf`) and once as the serializer writes it (a long answer a row at a time into bytes,
 * decision 186), with the minor page faults of each answer: on a machine whose page faults are dear
 * a long string of Turkish text costs more to send than to write.
 */

import { brotliCompressSync } from 'node:zlib';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { connectPglite } from '../apps/server/src/db/client.ts';
import { DEMO_SEEDERS } from '../apps/server/src/demo/demo-seed.ts';
import { answerSerializerCompiler, answerWriterOf } from '../apps/server/src/http/answer-serializer.ts';
import { BROTLI_OPTIONS } from '../apps/server/src/http/compression.ts';
import { bootstrap } from '../apps/server/src/start/bootstrap.ts';

const PAGE = Number(process.env.BENCH_ANSWER_ROWS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const ROWS_LABEL = PAGE === 50 ? 'page of 50' : `${PAGE.toLocaleString('en')} rows`;

const READS = [
  { name: `order list (${ROWS_LABEL})`, url: '/api/orders?page=1&size=50', rows: 'orders' },
  {
    name: `warehouse list (${ROWS_LABEL})`,
    url: '/api/orders/filter?operationType=WAREHOUSE&page=1&size=50',
    rows: 'orders',
  },
  { name: `shipment list (${ROWS_LABEL})`, url: '/api/shipments?page=1&size=50', rows: 'shipments' },
  { name: `item catalogue (${ROWS_LABEL})`, url: '/api/product-item?page=1&size=50', rows: 'items' },
  { name: 'sellable products', url: '/api/products', rows: null },
] as const;

function widened(data: unknown, key: string | null): unknown {
  const grow = (rows: unknown[]) =>
    rows.length === 0 ? rows : Array.from({ length: PAGE }, (_, index) => rows[index % rows.length]);
  if (Array.isArray(data)) return grow(data);
  if (key && data && typeof data === 'object') {
    const page = data as Record<string, unknown>;
    const rowsKey = Object.keys(page).find((k) => Array.isArray(page[k]));
    if (rowsKey) return { ...page, [rowsKey]: grow(page[rowsKey] as unknown[]) };
  }
  return data;
}

function timePerAnswer(write: (data: unknown) => string, answer: unknown): { micros: number; bytes: number } {
  let bytes = 0;
  for (let i = 0; i < 200; i += 1) bytes = Buffer.byteLength(write(answer));
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) write(answer);
  return { micros: ((performance.now() - started) * 1000) / ROUNDS, bytes };
}

/** Written, counted and compressed, as an answer is sent: µs and minor page faults per answer. */
function sendPerAnswer(write: (data: unknown) => string | Buffer, answer: unknown): string {
  const send = () => {
    const written = write(answer);
    Buffer.byteLength(written);
    return brotliCompressSync(written, BROTLI_OPTIONS).length;
  };
  for (let i = 0; i < 100; i += 1) send();
  const faults = process.resourceUsage().minorPageFault;
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) send();
  const micros = ((performance.now() - started) * 1000) / ROUNDS;
  return `${micros.toFixed(0)} (${((process.resourceUsage().minorPageFault - faults) / ROUNDS).toFixed(0)})`;
}

const database = await connectPglite();
await database.migrate();
const config = loadConfig({
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'olcum-sifre-123',
  WEB_DIST: '/nonexistent',
});
await bootstrap(database.db, config);
for (const seeder of DEMO_SEEDERS) await seeder.seed(database.db);
const answerSchemas = new Map<string, z.ZodType>();
const app = await buildApp({
  config,
  database,
  // Keeps each GET route's declared answer, to compile the serializers from.
  watchAnswers: (instance) =>
    instance.addHook('onRoute', (route) => {
      const response = (route.schema as { response?: Record<number, z.ZodType> } | undefined)?.response;
      if (route.method === 'GET' && response?.[200]) answerSchemas.set(route.url, response[200]);
    }),
});
await app.ready();
const signedIn = await app.inject({
  method: 'POST',
  url: '/api/user-access/sign-in',
  payload: { userName: 'admin', password: 'olcum-sifre-123' },
});
const token = signedIn.json().data.authToken as string;

console.log(`${ROUNDS} answers each, machine load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`);
console.log(
  '| answer | bytes | JSON.stringify µs | zod encode µs | declared µs | sent as one string µs (faults) | sent as the server writes it µs (faults) |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const read of READS) {
  const answered = await app.inject({ method: 'GET', url: read.url, headers: { 'auth-token': token } });
  if (answered.statusCode !== 200) throw new Error(`${read.url}: ${answered.statusCode} ${answered.body}`);
  const answer = { success: true, data: widened(answered.json().data, read.rows) };
  const path = read.url.split('?')[0]!;
  const schema = answerSchemas.get(path);
  if (!schema) throw new Error(`${path} declares no answer`);
  const compile = { schema, method: 'GET', url: path, httpStatus: '200' };
  const writeDeclared = answerSerializerCompiler(compile as never) as (data: unknown) => string;
  // The declared answer holds what the service answered: nothing is lost or changed by writing it so.
  if (JSON.stringify(JSON.parse(writeDeclared(answer))) !== JSON.stringify(answer)) {
    throw new Error(`${read.name}: the declared serializer wrote another answer`);
  }
  const plain = timePerAnswer((data) => JSON.stringify(data), answer);
  const zod = timePerAnswer(zodSerializerCompiler(compile as never) as (data: unknown) => string, answer);
  const declared = timePerAnswer(writeDeclared, answer);
  const oneString = sendPerAnswer(answerWriterOf(schema), answer);
  const asWritten = sendPerAnswer(writeDeclared, answer);
  console.log(
    `| ${read.name} | ${declared.bytes.toLocaleString('en')} | ${plain.micros.toFixed(0)} | ${zod.micros.toFixed(0)} | ${declared.micros.toFixed(0)} | ${oneString} | ${asWritten} |`,
  );
}
await app.close();
await database.close();
