import type { AuditEntityType, AuditEntry } from '@mandira/contract/audit';
import {
  AUDIT_ENTITY_LABELS,
  AUDIT_REFERENCE_FIELDS,
  auditActionLabel,
  auditCodesOf,
  auditFieldLabel,
} from '@mandira/contract/audit-labels';
import type { Db } from '../../db/client.ts';
import type { AuditChangeRow, auditEntries } from '../../db/schema.ts';
import { namesOf, type RecordNames, type RecordRef, refKey } from './audit-names.ts';

type EntryRow = typeof auditEntries.$inferSelect;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The records a value refers to: a number or a list of numbers in a reference field, or inside a line. */
function refsIn(field: string, value: unknown, into: RecordRef[]): void {
  if (Array.isArray(value)) {
    for (const one of value) refsIn(field, one, into);
    return;
  }
  if (isRecord(value)) {
    for (const [key, one] of Object.entries(value)) refsIn(key, one, into);
    return;
  }
  const entityType = AUDIT_REFERENCE_FIELDS[field];
  if (entityType && typeof value === 'number') into.push({ entityType, id: value });
}

function refsOf(rows: readonly EntryRow[]): RecordRef[] {
  const refs: RecordRef[] = [];
  for (const row of rows) {
    if (row.entityId !== null) refs.push({ entityType: row.entityType as AuditEntityType, id: row.entityId });
    for (const change of row.changes) {
      refsIn(change.field, change.before, refs);
      refsIn(change.field, change.after, refs);
    }
  }
  return refs;
}

const plainText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return value.toLocaleString('tr-TR', { maximumFractionDigits: 3 });
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  return String(value);
};

/** A line that carries its own name (a role's label, a driver's name) is shown by it alone. */
function nameOfLine(line: Record<string, unknown>): string | null {
  if (typeof line.label === 'string') return line.label;
  if (typeof line.title === 'string') return line.title;
  const person = [line.name, line.surname].filter((part) => typeof part === 'string' && part !== '');
  return person.length > 0 ? person.join(' ') : null;
}

/**
 * A value as the office names it, or null where it is shown as it is: a code by its label, a record's
 * number by its name, a line of a list (an order's items) field by field.
 */
function valueLabel(
  field: string,
  value: unknown,
  entityType: AuditEntityType,
  names: RecordNames,
): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const labels = value.map((one) => valueLabel(field, one, entityType, names));
    if (labels.every((label) => label === null)) return null;
    return labels.map((label, index) => label ?? plainText(value[index])).join(', ');
  }
  if (isRecord(value)) {
    const named = nameOfLine(value);
    if (named) return named;
    return Object.entries(value)
      .map(
        ([key, one]) =>
          `${auditFieldLabel(key)}: ${valueLabel(key, one, entityType, names) ?? plainText(one)}`,
      )
      .join(', ');
  }
  const referred = AUDIT_REFERENCE_FIELDS[field];
  if (referred && typeof value === 'number') return names.get(refKey(referred, value)) ?? null;
  if (typeof value === 'string') return auditCodesOf(field, entityType)?.[value] ?? null;
  return null;
}

function entryOf(row: EntryRow, names: RecordNames): AuditEntry {
  const entityType = row.entityType as AuditEntityType;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    entityType,
    entityLabel: AUDIT_ENTITY_LABELS[entityType] ?? row.entityType,
    entityId: row.entityId,
    entityName: row.entityId === null ? null : (names.get(refKey(entityType, row.entityId)) ?? null),
    orderId: row.orderId,
    changes: row.changes.map((change: AuditChangeRow) => ({
      field: change.field,
      fieldLabel: auditFieldLabel(change.field),
      before: change.before,
      after: change.after,
      beforeLabel: valueLabel(change.field, change.before, entityType, names),
      afterLabel: valueLabel(change.field, change.after, entityType, names),
    })),
  };
}

/**
 * A page of entries as the trail answers them: with the Turkish names of their action, record kind,
 * fields and codes, and the names of every record they refer to, looked up in one statement per page.
 */
export async function entriesAnswer(db: Db, rows: readonly EntryRow[]): Promise<AuditEntry[]> {
  const names = await namesOf(db, refsOf(rows));
  return rows.map((row) => entryOf(row, names));
}
