import { PAY_TYPE_LABELS } from '@mandira/contract/accounting';
import { AUDIT_ENTITY_TYPES, type AuditEntry } from '@mandira/contract/audit';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ENTITY_LABELS,
  auditActionLabel,
  auditRecordLabel,
  auditValueText,
  changeLines,
  changesText,
} from './audit-labels.ts';

describe('audit labels', () => {
  it('names every kind of record in Turkish, each differently', () => {
    const labels = AUDIT_ENTITY_TYPES.map((type) => AUDIT_ENTITY_LABELS[type]);
    expect(labels.every((label) => label && label.length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(AUDIT_ENTITY_TYPES.length);
    expect(auditRecordLabel({ entityType: 'MILK_DRIVER', entityId: 9 })).toBe('Süt Aracı Şoförü #9');
    expect(auditRecordLabel({ entityType: 'STOCK', entityId: null })).toBe('Stok');
  });

  it('names common actions as what happened, machine steps by their button, unknown codes as they are', () => {
    expect(auditActionLabel('CREATE')).toBe('Oluşturma');
    expect(auditActionLabel('UPDATE')).toBe('Güncelleme');
    expect(auditActionLabel('DELETE')).toBe('Silme');
    // The common name wins over the item machine's button 'Onayla'.
    expect(auditActionLabel('APPROVE')).toBe('Onay');
    expect(auditActionLabel('PAY_ORDER')).toBe('Ödeme');
    expect(auditActionLabel('PREPARING')).toBe('Hazırlamaya Başla');
    expect(auditActionLabel('START_WEIGHT_CHECK')).toBe('Kantara Gönder');
    expect(auditActionLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('audit values', () => {
  it('shows values the Turkish way', () => {
    expect(auditValueText(null, 'notes')).toBe('—');
    expect(auditValueText('', 'notes')).toBe('—');
    expect(auditValueText(true, 'onlineListingAvailable')).toBe('Evet');
    expect(auditValueText(false, 'onlineListingAvailable')).toBe('Hayır');
    expect(auditValueText(12500.5, 'price')).toBe('12.500,5');
    // Record numbers keep no thousands dot.
    expect(auditValueText(12500, 'vehicleId')).toBe('12500');
    expect(auditValueText('2026-11-26', 'plannedShipmentDate')).toBe('26.11.2026');
    // In Istanbul time, whatever the zone of the stored moment.
    expect(auditValueText('2026-11-24T21:05:00Z', 'deliveryDateTime')).toBe('25.11.2026 00:05');
    expect(auditValueText(['A', 'B'], 'roles')).toBe('A, B');
    expect(auditValueText({ a: 1 }, 'x')).toBe('{"a":1}');
  });

  it("shows a status by its own machine's label", () => {
    expect(auditValueText('IN_REVIEW', 'status', 'ORDER')).toBe('İncelemede');
    expect(auditValueText('APPROVED', 'status', 'ORDER_ITEM')).toBe('Onaylandı');
    expect(auditValueText('IN_REVIEW', 'notes', 'ORDER')).toBe('IN_REVIEW');
    expect(auditValueText('PASSIVE', 'status', 'USER')).toBe('Pasif');
    expect(auditValueText('BANK_TRANSFER', 'payType', 'PAYMENT')).toBe(PAY_TYPE_LABELS.BANK_TRANSFER);
  });
});

describe('audit changes', () => {
  const entry: Pick<AuditEntry, 'changes' | 'entityType'> = {
    entityType: 'ORDER',
    changes: [
      { field: 'status', before: 'WAITING_FOR_REVIEW', after: 'IN_REVIEW' },
      { field: 'plannedShipmentDate', before: null, after: '2026-11-30' },
      { field: 'somethingNew', before: 1, after: 2 },
      { field: 'notes', before: 'x'.repeat(80), after: '' },
    ],
  };

  it('labels fields as the forms do and keeps an unknown key', () => {
    expect(changeLines(entry).map((line) => [line.label, line.before, line.after])).toEqual([
      ['Durum', 'İnceleme Bekliyor', 'İncelemede'],
      ['Planlanan sevkiyat tarihi', '—', '30.11.2026'],
      ['somethingNew', '1', '2'],
      ['Notlar', `${'x'.repeat(59)}…`, '—'],
    ]);
  });

  it('writes all changes on one line for Excel, long texts whole', () => {
    expect(changesText(entry)).toBe(
      `Durum: İnceleme Bekliyor → İncelemede; Planlanan sevkiyat tarihi: — → 30.11.2026; somethingNew: 1 → 2; Notlar: ${'x'.repeat(80)} → —`,
    );
  });
});
