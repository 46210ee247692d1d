import type { AuditEntry, AuditPage } from '@mandira/contract/audit';
import { AUDIT_REFERENCE_FIELDS } from '@mandira/contract/audit-labels';

/** Every entry of the trail, page by page, as the answer gives them. */
export async function wholeTrail(pageOf: (page: number) => Promise<AuditPage>): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await pageOf(page);
    entries.push(...answer.content);
    if (page >= answer.totalPages) return entries;
  }
}

/** A Turkish label, not the code again: no code's capitals-and-underscores. */
const isTurkishLabel = (label: string | undefined, code: string) =>
  Boolean(label?.trim()) && label !== code && !/[A-Z]{2,}_|_[A-Z]/.test(label!);

/** Fields whose capitals are typed by a user (a code, a plate, a brand), not a code of the portal's. */
const FREE_TEXT = /code|name|title|barcode|plate|reference|brand|model/i;
/** A snapshot of a bundle's lines: a record the office never sees, shown by its number. */
const INTERNAL_NUMBER = 'bundleSnapshotId';

/**
 * What the answer leaves unnamed (decision 144): an action, record kind or field without its Turkish
 * label, a record without its name, a code without its label, a record's number not shown as its name.
 */
export function unnamedInTrail(entries: readonly AuditEntry[]): string[] {
  const missing = new Set<string>();
  for (const entry of entries) {
    if (!isTurkishLabel(entry.actionLabel, entry.action)) missing.add(`action ${entry.action}`);
    if (!isTurkishLabel(entry.entityLabel, entry.entityType)) missing.add(`entity ${entry.entityType}`);
    if (entry.entityId !== null && !entry.entityName)
      missing.add(`name of ${entry.entityType} ${entry.entityId}`);
    for (const change of entry.changes) {
      if (!isTurkishLabel(change.fieldLabel, change.field))
        missing.add(`field ${entry.entityType}.${change.field}`);
      const referred = AUDIT_REFERENCE_FIELDS[change.field];
      const holdsNumber = /.Ids?$/.test(change.field) && change.field !== INTERNAL_NUMBER;
      for (const [value, label] of [
        [change.before, change.beforeLabel],
        [change.after, change.afterLabel],
      ] as const) {
        const coded =
          typeof value === 'string' && /^[A-Z][A-Z0-9_]+$/.test(value) && !FREE_TEXT.test(change.field);
        if (coded && !label) missing.add(`value ${entry.entityType}.${change.field}=${value}`);
        if (referred && typeof value === 'number' && !label) missing.add(`name of ${change.field}=${value}`);
        // A record's number in a field the contract does not know as a reference.
        if (holdsNumber && !referred && typeof value === 'number') missing.add(`reference ${change.field}`);
      }
    }
  }
  return [...missing];
}
