import type { AuditChange, AuditEntry } from '@mandira/contract/audit';
import { formatDate, formatDateTime, formatNumber } from '../format/format.ts';

/**
 * The audit trail as the user reads it. The server names everything in the answer (decision 144):
 * the action (`actionLabel`), the record's kind and name (`entityLabel`, `entityName`), each field
 * (`fieldLabel`) and each coded or referring value (`beforeLabel`, `afterLabel`); the web formats only
 * what is shown as it is: numbers, dates, yes/no, texts.
 */

/** 'Stok: Beyaz Peynir 500 Gr · Depo-1'; 'Sipariş #12' for a record without a name; a bulk write by its kind. */
export function auditRecordLabel(entry: Pick<AuditEntry, 'entityLabel' | 'entityId' | 'entityName'>): string {
  if (entry.entityId === null) return entry.entityLabel;
  return entry.entityName
    ? `${entry.entityLabel}: ${entry.entityName}`
    : `${entry.entityLabel} #${entry.entityId}`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A long text (an address, a note) is cut in the list; the whole value is in the Excel file. */
const SHOWN_TEXT_MAX = 60;

/**
 * A stored value the server leaves unnamed, as the user reads it: '—' for none, Evet/Hayır, Turkish
 * numbers and Istanbul dates. Record numbers (`id`, `…Id`) stay without thousands dots.
 */
export function auditValueText(value: unknown, field: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (typeof value === 'number') {
    return field === 'id' || field.endsWith('Id') ? String(value) : formatNumber(value, 3);
  }
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDate(`${value}T12:00:00Z`);
    if (ISO_MOMENT.test(value)) return formatDateTime(value) || value;
    return value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((one) => auditValueText(one, field)).join(', ');
  }
  return Object.entries(value)
    .map(([key, one]) => `${key}: ${auditValueText(one, key)}`)
    .join(', ');
}

function shortened(text: string): string {
  return text.length > SHOWN_TEXT_MAX ? `${text.slice(0, SHOWN_TEXT_MAX - 1)}…` : text;
}

export type ChangeLine = { field: string; label: string; before: string; after: string };

/** A value by the server's name for it, or formatted where it has none. */
function shown(change: AuditChange, side: 'before' | 'after'): string {
  const label = side === 'before' ? change.beforeLabel : change.afterLabel;
  return label ?? auditValueText(change[side], change.field);
}

/** Each changed field of an entry as label, before and after, ready to show. */
export function changeLines(entry: Pick<AuditEntry, 'changes'>, shorten = true): ChangeLine[] {
  const cut = shorten ? shortened : (text: string) => text;
  return entry.changes.map((change) => ({
    field: change.field,
    label: change.fieldLabel,
    before: cut(shown(change, 'before')),
    after: cut(shown(change, 'after')),
  }));
}

/** 'Durum: İncelemede → İşlemde; Not: — → Acil', the changes on one line for the Excel file. */
export function changesText(entry: Pick<AuditEntry, 'changes'>): string {
  return changeLines(entry, false)
    .map((line) => `${line.label}: ${line.before} → ${line.after}`)
    .join('; ');
}
