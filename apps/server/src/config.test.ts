import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with sensible defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      adminUserName: 'admin',
      databaseUrl: undefined,
      tokenTtlMs: 12 * 3600_000,
      sessionMaxMs: 7 * 24 * 3600_000,
      // The terminal shows warnings and errors; a line per request only with LOG_LEVEL=info.
      logLevel: 'warn',
      expiryWarningDays: 7,
    });
    expect(loadConfig({ EXPIRY_WARNING_DAYS: '14' }).expiryWarningDays).toBe(14);
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'seksen' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ ADMIN_PASSWORD: 'kisa' }, 'ADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_QUERY_TIMEOUT_MS: '0' }, 'DATABASE_QUERY_TIMEOUT_MS'],
    [{ SESSION_MAX_DAYS: '0' }, 'SESSION_MAX_DAYS'],
    [{ SESSION_MAX_DAYS: 'yedi' }, 'SESSION_MAX_DAYS'],
    [{ MIGRATION_DATABASE_URL: 'postgres://owner@localhost/db' }, 'MIGRATION_DATABASE_URL'],
    [{ EXPIRY_WARNING_DAYS: 'yedi' }, 'EXPIRY_WARNING_DAYS'],
    [{ EXPIRY_WARNING_DAYS: '0' }, 'EXPIRY_WARNING_DAYS'],
  ])('refuses %j with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`Geçersiz yapılandırma[\\s\\S]*${name}`));
  });

  it('waits for PostgreSQL only as long as the timeouts say', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      connectMs: 5_000,
      statementMs: 15_000,
      queryMs: 20_000,
    });
    expect(
      loadConfig({
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '60000',
        DATABASE_QUERY_TIMEOUT_MS: '65000',
      }).databaseTimeouts,
    ).toEqual({ connectMs: 2_000, statementMs: 60_000, queryMs: 65_000 });
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});

describe('relative paths', () => {
  it('resolves DATA_DIR and a file ERP_SOURCE against the folder npm was started in', () => {
    const config = loadConfig({
      INIT_CWD: '/srv/mandira',
      DATA_DIR: './veri',
      ERP_SOURCE: 'erp/export.json',
    });
    expect(config.dataDir).toBe('/srv/mandira/veri');
    expect(config.erpSource).toBe('/srv/mandira/erp/export.json');
  });

  it('leaves an ERP URL as it is', () => {
    expect(loadConfig({ ERP_SOURCE: 'https://erp.example/export' }).erpSource).toBe(
      'https://erp.example/export',
    );
  });

  it('leaves one core to the requests when sizing the PDF workers, and bounds their line', () => {
    expect(loadConfig({})).toMatchObject({
      pdfWorkers: Math.max(1, os.availableParallelism() - 1),
      pdfQueueLimit: 50,
    });
    expect(loadConfig({ PDF_WORKERS: '0', PDF_QUEUE_LIMIT: '5' })).toMatchObject({
      pdfWorkers: 0,
      pdfQueueLimit: 5,
    });
    expect(() => loadConfig({ PDF_WORKERS: '-1' })).toThrow(/PDF_WORKERS/);
    expect(() => loadConfig({ PDF_QUEUE_LIMIT: 'çok' })).toThrow(/PDF_QUEUE_LIMIT/);
  });
});

describe('sign-in and connection limits (decision 148)', () => {
  it('checks one password per core by default, and times out silent connections', () => {
    expect(loadConfig({})).toMatchObject({
      signInChecks: os.availableParallelism(),
      signInQueueWaitMs: 2_000,
      signInRefusalDelayMs: 1_000,
      httpTimeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 72_000, connectionMs: 120_000 },
    });
  });

  it('refuses timeouts that would cut a live stream or that Node refuses, naming the variable', () => {
    expect(() => loadConfig({ LIVE_HEARTBEAT_MS: '120000' })).toThrow(/LIVE_HEARTBEAT_MS: .*küçük olmalı/);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ SIGN_IN_CHECKS: '0' })).toThrow(/SIGN_IN_CHECKS/);
    expect(
      loadConfig({ LIVE_HEARTBEAT_MS: '60000', HTTP_CONNECTION_TIMEOUT_MS: '90000' }).liveHeartbeatMs,
    ).toBe(60_000);
  });
});
