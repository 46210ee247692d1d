/** The audit trail's hash chain after a run (docs/domain/audit.md): every entry linked, none broken. */
import { auditChainSentence } from '@mandira/contract/audit-chain';
import { connectPostgres } from '../../apps/server/src/db/client.ts';
import { verifyAuditChain } from '../../apps/server/src/modules/audit/audit-chain.ts';

export async function checkAuditChain(url: string): Promise<{ problems: string[]; summary: string }> {
  const database = connectPostgres(url, { poolSize: 1, onIdleError: () => {} });
  try {
    const check = await verifyAuditChain(database.db);
    const summary = auditChainSentence(check);
    return { problems: check.ok ? [] : [`audit chain: ${summary}`], summary };
  } finally {
    await database.close();
  }
}
