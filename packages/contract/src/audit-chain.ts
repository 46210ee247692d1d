import { z } from 'zod';

/**
 * Why the chain breaks at an entry (docs/domain/audit.md):
 * - CHANGED: the entry's content no longer gives its link's hash (the entry or its hash was changed);
 * - MISSING: the link names an entry that is no longer there (it was deleted);
 * - GAP: a link is missing before this one (it was deleted);
 * - UNLINKED: the entry has no link at all (it was slipped in past the trigger).
 */
export const AUDIT_CHAIN_BREAKS = ['CHANGED', 'MISSING', 'GAP', 'UNLINKED'] as const;
export const AuditChainBreak = z.enum(AUDIT_CHAIN_BREAKS);
export type AuditChainBreak = z.infer<typeof AuditChainBreak>;

/** What the office reads for each break, about the entry numbered `n`. */
const BREAK_SENTENCES: Record<AuditChainBreak, (n: string) => string> = {
  CHANGED: (n) => `${n} numaralı kayıt sonradan değiştirilmiş`,
  MISSING: (n) => `${n} numaralı kayıt silinmiş`,
  GAP: (n) => `${n} numaralı kayıttan önceki halka silinmiş`,
  UNLINKED: (n) => `${n} numaralı kayıt zincire bağlı değil, sonradan eklenmiş`,
};

export const AuditChainCheck = z.object({
  ok: z.boolean().describe('True when every entry gives its hash and every link follows the previous one.'),
  checked: z.number().int().describe('How many links were checked.'),
  head: z
    .object({
      position: z.number().int(),
      entryId: z.number().int(),
      hash: z.string().describe('The last link’s sha256, in hex: noted elsewhere, it anchors the chain.'),
    })
    .nullable()
    .describe('The last link of a whole chain; null while the trail is empty, or when the chain is broken.'),
  broken: z
    .object({
      entryId: z.number().int().describe('The first broken entry (after a gap: the entry after it).'),
      position: z.number().int().nullable().describe("The entry's place in the chain; null when unlinked."),
      reason: AuditChainBreak,
      message: z.string().describe('What is wrong, in Turkish.'),
    })
    .nullable()
    .describe('The first break, in chain order; null when the chain is whole.'),
});
export type AuditChainCheck = z.infer<typeof AuditChainCheck>;

/** A break as the office reads it: 'Denetim kaydı bozuk: 1.234 numaralı kayıt silinmiş.' */
export function auditChainBreakMessage(entryId: number, reason: AuditChainBreak): string {
  return `Denetim kaydı bozuk: ${BREAK_SENTENCES[reason](entryId.toLocaleString('tr-TR'))}.`;
}

/** The sentence the screen and `npm run audit:verify` print for a check. */
export function auditChainSentence(check: AuditChainCheck): string {
  if (check.broken) return check.broken.message;
  if (!check.head) return 'İşlem geçmişi boş; doğrulanacak kayıt yok.';
  return `Denetim kaydı sağlam: ${check.checked.toLocaleString('tr-TR')} kayıt doğrulandı.`;
}
