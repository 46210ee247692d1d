import { USER_STATUS_LABELS } from '@mandira/contract/access';
import { PAY_TYPE_LABELS, TRANSACTION_REASON_LABELS } from '@mandira/contract/accounting';
import type { AuditEntityType, AuditEntry } from '@mandira/contract/audit';
import { FIELD_LABELS } from '@mandira/contract/field-labels';
import { DRIVER_STATUS_LABELS, VEHICLE_STATUS_LABELS } from '@mandira/contract/fleet';
import {
  ORDER_ACTION_LABELS,
  ORDER_CANCEL_ACTION_LABELS,
  ORDER_ITEM_ACTION_LABELS,
  ORDER_ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
} from '@mandira/contract/order-machines';
import { SHIPMENT_ACTION_LABELS, SHIPMENT_STATUS_LABELS } from '@mandira/contract/shipment-machine';
import { WAREHOUSE_TYPE_LABELS } from '@mandira/contract/warehouses';
import { formatDate, formatDateTime, formatNumber } from '../format/format.ts';

/** What a record of each kind is called on the audit screens. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<AuditEntityType, string>> = {
  ORDER: 'Sipariş',
  ORDER_ITEM: 'Sipariş Kalemi',
  BASKET: 'Sepet',
  SHIPMENT: 'Sevkiyat',
  SHIPMENT_LOAD: 'Sevkiyat Yükü',
  PAYMENT: 'Ödeme',
  BUYER: 'Müşteri',
  BUYER_WAREHOUSE: 'Müşteri Deposu',
  PRODUCT: 'Satılabilir Ürün',
  PRODUCT_ITEM: 'Depolanabilir Ürün',
  STOCK: 'Stok',
  WAREHOUSE: 'Depo',
  VEHICLE: 'Araç',
  DRIVER: 'Sürücü',
  MILK_VEHICLE: 'Süt Aracı',
  MILK_DRIVER: 'Süt Aracı Şoförü',
  MILK_DELIVERY: 'Süt Teslimatı',
  USER: 'Kullanıcı',
  ROLE: 'Rol',
};

/**
 * The actions every record shares, named as what happened rather than as a button; they win over a
 * state machine's button label of the same code (the item machine's APPROVE is the button 'Onayla').
 */
const COMMON_ACTION_LABELS: Readonly<Record<string, string>> = {
  CREATE: 'Oluşturma',
  UPDATE: 'Güncelleme',
  DELETE: 'Silme',
  APPROVE: 'Onay',
  PAY_ORDER: 'Ödeme',
};

/** Every code the web has a Turkish name for: the state machines' actions, then the common ones. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  ...ORDER_ITEM_ACTION_LABELS,
  ...ORDER_ACTION_LABELS,
  ...ORDER_CANCEL_ACTION_LABELS,
  ...SHIPMENT_ACTION_LABELS,
  ...COMMON_ACTION_LABELS,
};

/** The Turkish name of an action code; a code the web does not know yet is shown as it is. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** 'Sipariş #12'; a record without a number (a bulk write) is named by its kind alone. */
export function auditRecordLabel(entry: Pick<AuditEntry, 'entityType' | 'entityId'>): string {
  const kind = AUDIT_ENTITY_LABELS[entry.entityType] ?? entry.entityType;
  return entry.entityId === null ? kind : `${kind} #${entry.entityId}`;
}

/** The Turkish label of a changed field, as the forms name it; an unknown field keeps its key. */
export function auditFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A status is stored as its code; each machine names its own statuses. */
const STATUS_LABELS_OF: Partial<Record<AuditEntityType, Readonly<Record<string, string>>>> = {
  ORDER: ORDER_STATUS_LABELS,
  ORDER_ITEM: ORDER_ITEM_STATUS_LABELS,
  SHIPMENT: SHIPMENT_STATUS_LABELS,
  VEHICLE: VEHICLE_STATUS_LABELS,
  DRIVER: DRIVER_STATUS_LABELS,
  USER: USER_STATUS_LABELS,
};

/** Other fields stored as a code, named the same on every record. */
const CODE_LABELS_OF: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  payType: PAY_TYPE_LABELS,
  reason: TRANSACTION_REASON_LABELS,
  warehouseType: WAREHOUSE_TYPE_LABELS,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A long text (an address, a note) is cut in the list; the whole value is in the Excel file. */
const SHOWN_TEXT_MAX = 60;

/**
 * A stored value as the user reads it: '—' for none, Evet/Hayır, Turkish numbers and Istanbul dates,
 * a status by its label. Record numbers (`id`, `…Id`) stay without thousands dots.
 */
export function auditValueText(value: unknown, field: string, entityType?: AuditEntityType): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  if (typeof value === 'number') {
    return field === 'id' || field.endsWith('Id') ? String(value) : formatNumber(value, 3);
  }
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDate(`${value}T12:00:00Z`);
    if (ISO_MOMENT.test(value)) return formatDateTime(value) || value;
    const codes = field === 'status' && entityType ? STATUS_LABELS_OF[entityType] : CODE_LABELS_OF[field];
    return codes?.[value] ?? value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((one) => auditValueText(one, field, entityType)).join(', ');
  }
  return JSON.stringify(value);
}

function shortened(text: string): string {
  return text.length > SHOWN_TEXT_MAX ? `${text.slice(0, SHOWN_TEXT_MAX - 1)}…` : text;
}

export type ChangeLine = { field: string; label: string; before: string; after: string };

/** Each changed field of an entry as label, before and after, ready to show. */
export function changeLines(entry: Pick<AuditEntry, 'changes' | 'entityType'>, shorten = true): ChangeLine[] {
  const cut = shorten ? shortened : (text: string) => text;
  return entry.changes.map((change) => ({
    field: change.field,
    label: auditFieldLabel(change.field),
    before: cut(auditValueText(change.before, change.field, entry.entityType)),
    after: cut(auditValueText(change.after, change.field, entry.entityType)),
  }));
}

/** 'Durum: İncelemede → İşlemde; Not: — → Acil', the changes on one line for the Excel file. */
export function changesText(entry: Pick<AuditEntry, 'changes' | 'entityType'>): string {
  return changeLines(entry, false)
    .map((line) => `${line.label}: ${line.before} → ${line.after}`)
    .join('; ');
}
