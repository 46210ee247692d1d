import os from 'node:os';
import path from 'node:path';
import { EXPIRY_WARNING_DAYS } from '@mandira/contract/lots';
import { z } from 'zod';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './db/timeouts.ts';
import {
  MAX_BEHIND_MS,
  MAX_STREAMS,
  MAX_STREAMS_PER_USER,
  MAX_UNACKED_BYTES,
} from './modules/events/live-hub.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const milliseconds = (fallback: number) => z.coerce.number().int().min(100).max(3_600_000).default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  MIGRATION_DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  DATABASE_QUERY_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.queryMs),
  ADMIN_USERNAME: z.string().trim().min(3).default('admin'),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8).optional()),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(7),
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Decision 148: password checks at once (about one per core), and how long a sign-in waits for one. */
  SIGN_IN_CHECKS: z.coerce.number().int().min(1).max(64).default(os.availableParallelism()),
  SIGN_IN_QUEUE_WAIT_MS: milliseconds(2_000),
  SIGN_IN_REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /**
   * Decision 148: a connection must send its request's headers within this time, its whole request
   * within the next, may idle this long between requests, and may be silent this long mid-answer.
   */
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(10_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
  HTTP_CONNECTION_TIMEOUT_MS: milliseconds(120_000),
  // Warnings and errors by default: a line per request (info) only when asked for (decision 45).
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
  ERP_SOURCE: optionalText,
  ERP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ROUTING_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  WEIGHBRIDGE_TOLERANCE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** The company printed at the head of its documents (account statements, dispatch notes). */
  COMPANY_NAME: z.string().trim().min(1).max(200).default('Mandıra Süt Ürünleri'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Decision 98: threads that draw PDFs; by default one core is left to the requests and the database. */
  PDF_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(Math.max(1, os.availableParallelism() - 1)),
  PDF_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(50),
  /** How often a quiet live event stream sends its `: ping` comment (docs/architecture.md). */
  LIVE_HEARTBEAT_MS: milliseconds(20_000),
  LIVE_BATCH_MS: z.coerce.number().int().min(0).max(1_000).default(25),
  /** Decision 147: open live event streams, per user and per process; past a cap the oldest closes. */
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(MAX_STREAMS_PER_USER),
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(MAX_STREAMS),
  /** Decision 147: a stream's unacknowledged bytes before it falls behind, and how long it may stay behind. */
  LIVE_MAX_UNACKED_BYTES: z.coerce
    .number()
    .int()
    .min(4 * 1024)
    .max(16 * 1024 * 1024)
    .default(MAX_UNACKED_BYTES),
  LIVE_MAX_BEHIND_MS: milliseconds(MAX_BEHIND_MS),
  /** Lots expiring within this many days are the work card 'Son kullanma tarihi yaklaşan partiler' (decision 153). */
  EXPIRY_WARNING_DAYS: z.coerce.number().int().min(1).max(365).default(EXPIRY_WARNING_DAYS),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The role that owns the tables and runs the migrations (decision 150); the server's own when unset. */
  migrationDatabaseUrl: string | undefined;
  databaseTimeouts: DatabaseTimeouts;
  adminUserName: string;
  adminPassword: string | undefined;
  tokenTtlMs: number;
  /** The absolute lifetime of a session, however busy: it ends this long after its sign-in. */
  sessionMaxMs: number;
  signInMaxFailures: number;
  signInWindowMs: number;
  /** Decision 148: password checks at once, and how long a sign-in may wait for one. */
  signInChecks: number;
  signInQueueWaitMs: number;
  /** How long a throttled sign-in waits for its 429. */
  signInRefusalDelayMs: number;
  /** Decision 148: the timeouts of the HTTP server (README, "Configuration"). */
  httpTimeouts: { headersMs: number; requestMs: number; keepAliveMs: number; connectionMs: number };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  erpSource: string | undefined;
  erpTimeoutMs: number;
  mapTileUrl: string;
  routingUrl: string | undefined;
  companyName: string;
  /**
   * How far the weighed load may differ from the expected weight, in percent
   * (docs/domain/loading-and-shipments.md).
   */
  weighbridgeTolerancePercent: number;
  trustProxy: boolean;
  /** Decision 98: worker threads drawing PDFs (0: on the request's thread), and how many may wait. */
  pdfWorkers: number;
  pdfQueueLimit: number;
  /** The `: ping` comment of a quiet live event stream, so proxies keep it open. */
  liveHeartbeatMs: number;
  /** Events within this window reach a stream in one write. */
  liveBatchMs: number;
  liveMaxStreamsPerUser: number;
  liveMaxStreams: number;
  liveMaxUnackedBytes: number;
  liveMaxBehindMs: number;
  /** Lots on hand expiring within this many days make the expiry work card. */
  expiryWarningDays: number;
};

export class ConfigError extends Error {}

/**
 * Timeouts that would cut what they should not: Node refuses a headers timeout longer than the request
 * timeout, and a live stream quieter than the connection timeout would be cut between two pings.
 */
function timeoutClashes(e: z.infer<typeof EnvSchema>): string[] {
  const clashes: string[] = [];
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    clashes.push('HTTP_HEADERS_TIMEOUT_MS: HTTP_REQUEST_TIMEOUT_MS değerinden büyük olamaz');
  }
  if (e.LIVE_HEARTBEAT_MS >= e.HTTP_CONNECTION_TIMEOUT_MS) {
    clashes.push('LIVE_HEARTBEAT_MS: HTTP_CONNECTION_TIMEOUT_MS değerinden küçük olmalı');
  }
  return clashes;
}

/** Reads the environment once at start; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Geçersiz yapılandırma (ortam değişkenleri):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Geçersiz yapılandırma (ortam değişkenleri):\n  MIGRATION_DATABASE_URL: yalnız DATABASE_URL ile birlikte kullanılır (gömülü veritabanının tek kullanıcısı vardır)',
    );
  }
  const clashes = timeoutClashes(e);
  if (clashes.length > 0) {
    throw new ConfigError(
      `Geçersiz yapılandırma (ortam değişkenleri):\n${clashes.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  // npm runs workspace scripts inside apps/server; relative paths mean the folder the user typed in.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
    },
    adminUserName: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3600_000,
    sessionMaxMs: Math.round(e.SESSION_MAX_DAYS * 24 * 3600_000),
    signInMaxFailures: e.SIGN_IN_MAX_FAILURES,
    signInWindowMs: e.SIGN_IN_WINDOW_MINUTES * 60_000,
    signInChecks: e.SIGN_IN_CHECKS,
    signInQueueWaitMs: e.SIGN_IN_QUEUE_WAIT_MS,
    signInRefusalDelayMs: e.SIGN_IN_REFUSAL_DELAY_MS,
    httpTimeouts: {
      headersMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: e.HTTP_CONNECTION_TIMEOUT_MS,
    },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST
      ? path.resolve(base, e.WEB_DIST)
      : new URL('../../web/dist', import.meta.url).pathname,
    erpSource:
      e.ERP_SOURCE && !/^(https?|file):/i.test(e.ERP_SOURCE)
        ? path.resolve(base, e.ERP_SOURCE)
        : e.ERP_SOURCE,
    erpTimeoutMs: e.ERP_TIMEOUT_MS,
    mapTileUrl: e.MAP_TILE_URL,
    routingUrl: e.ROUTING_URL,
    companyName: e.COMPANY_NAME,
    weighbridgeTolerancePercent: e.WEIGHBRIDGE_TOLERANCE_PERCENT,
    trustProxy: e.TRUST_PROXY,
    pdfWorkers: e.PDF_WORKERS,
    pdfQueueLimit: e.PDF_QUEUE_LIMIT,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS,
    liveBatchMs: e.LIVE_BATCH_MS,
    liveMaxStreamsPerUser: e.LIVE_MAX_STREAMS_PER_USER,
    liveMaxStreams: e.LIVE_MAX_STREAMS,
    liveMaxUnackedBytes: e.LIVE_MAX_UNACKED_BYTES,
    liveMaxBehindMs: e.LIVE_MAX_BEHIND_MS,
    expiryWarningDays: e.EXPIRY_WARNING_DAYS,
  };
}
