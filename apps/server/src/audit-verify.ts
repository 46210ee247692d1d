import fs from 'node:fs';
import path from 'node:path';
import { auditChainSentence } from '@mandira/contract/audit-chain';
import { ConfigError, loadConfig } from './config.ts';
import { connectPglite, connectPostgres, DataDirLockedError } from './db/client.ts';
import { anchorHolds, verifyAuditChain } from './modules/audit/audit-chain.ts';

/**
 * `npm run audit:verify [-- --anchor <position>:<hash>]`: walks the audit trail's hash chain on the
 * database the server would use (DATABASE_URL, else DATA_DIR) and names its first broken entry
 * (docs/domain/audit.md). The anchor is a head printed by an earlier run and kept elsewhere: it proves
 * the chain was not made again from scratch after that. Exit 0 when whole, 1 when broken, 2 when it
 * could not check. It reads only; it never migrates.
 */
async function main(): Promise<number> {
  const anchorArg = process.argv.indexOf('--anchor');
  const anchor = anchorArg > 0 ? /^(\d+):([0-9a-f]{64})$/i.exec(process.argv[anchorArg + 1] ?? '') : null;
  if (anchorArg > 0 && !anchor) {
    console.error('--anchor <sıra>:<özet> bekleniyor (örnek: --anchor 1200:3fa1…, 64 onaltılık hane).');
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite'))) {
    console.error(`${config.dataDir} içinde veritabanı yok: DATA_DIR ya da DATABASE_URL verin.`);
    return 2;
  }
  const database = config.databaseUrl
    ? connectPostgres(config.databaseUrl, {
        poolSize: 1,
        timeouts: config.databaseTimeouts,
        statisticsEveryMs: false,
      })
    : await connectPglite(config.dataDir);
  try {
    const check = await verifyAuditChain(database.db);
    console.log(auditChainSentence(check));
    if (check.head) {
      console.log(
        `Son halka: ${check.head.position}:${check.head.hash} (${check.head.entryId} numaralı kayıt)`,
      );
    }
    if (!check.ok) return 1;
    if (anchor) {
      const position = Number(anchor[1]);
      if (!(await anchorHolds(database.db, position, anchor[2]!.toLowerCase()))) {
        console.log(
          `Not edilen halka (${position}. sıra) artık aynı değil: zincir sonradan yeniden hesaplanmış.`,
        );
        return 1;
      }
      console.log(`Not edilen halka (${position}. sıra) aynı: o halkaya kadar hiçbir kayıt değişmemiş.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error & { code?: string }) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      if (error instanceof DataDirLockedError)
        console.error('Sunucu çalışırken doğrulamayı İşlem Geçmişi ekranından yapın.');
    } else if (error.code === '42P01' || /audit_chain/.test(error.message)) {
      console.error(
        'Veritabanı güncel değil: doğrulamadan önce sunucuyu bir kez başlatın (geçişleri o yapar).',
      );
    } else {
      console.error(`Doğrulama yapılamadı: ${error.message}`);
    }
    process.exit(2);
  },
);
