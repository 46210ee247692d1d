import type { AuditEntry } from '@mandira/contract/audit';
import { describe, expect, it } from 'vitest';
import { auditRecordLabel, auditValueText, changeLines, changesText } from './audit-labels.ts';

describe('audit records', () => {
  it('names a record by its kind and name, by its number where it has no name, a bulk write by its kind', () => {
    expect(
      auditRecordLabel({ entityLabel: 'Stok', entityId: 37, entityName: 'Beyaz Peynir 500 Gr · Depo-1' }),
    ).toBe('Stok: Beyaz Peynir 500 Gr · Depo-1');
    expect(auditRecordLabel({ entityLabel: 'Sevkiyat Yükü', entityId: 9, entityName: null })).toBe(
      'Sevkiyat Yükü #9',
    );
    expect(auditRecordLabel({ entityLabel: 'Stok', entityId: null, entityName: null })).toBe('Stok');
  });
});

describe('audit values', () => {
  it('shows the values the server leaves unnamed the Turkish way', () => {
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
    expect(auditValueText(['A', 'B'], 'tags')).toBe('A, B');
  });
});

describe('audit changes', () => {
  const entry: Pick<AuditEntry, 'changes'> = {
    changes: [
      {
        field: 'status',
        fieldLabel: 'Durum',
        before: 'WAITING_FOR_REVIEW',
        after: 'IN_REVIEW',
        beforeLabel: 'İnceleme Bekliyor',
        afterLabel: 'İncelemede',
      },
      {
        field: 'buyerId',
        fieldLabel: 'Müşteri',
        before: null,
        after: 1,
        beforeLabel: null,
        afterLabel: 'Ahmet Gıda',
      },
      {
        field: 'plannedShipmentDate',
        fieldLabel: 'Planlanan sevkiyat tarihi',
        before: null,
        after: '2026-11-30',
        beforeLabel: null,
        afterLabel: null,
      },
      {
        field: 'loadedQuantity',
        fieldLabel: 'Yüklenen miktar',
        before: 0,
        after: 1200,
        beforeLabel: null,
        afterLabel: null,
      },
      {
        field: 'notes',
        fieldLabel: 'Notlar',
        before: 'x'.repeat(80),
        after: '',
        beforeLabel: null,
        afterLabel: null,
      },
    ],
  };

  it("shows the server's names of fields and values, and formats the rest", () => {
    expect(changeLines(entry).map((line) => [line.label, line.before, line.after])).toEqual([
      ['Durum', 'İnceleme Bekliyor', 'İncelemede'],
      ['Müşteri', '—', 'Ahmet Gıda'],
      ['Planlanan sevkiyat tarihi', '—', '30.11.2026'],
      ['Yüklenen miktar', '0', '1.200'],
      ['Notlar', `${'x'.repeat(59)}…`, '—'],
    ]);
  });

  it('writes all changes on one line for Excel, long texts whole', () => {
    expect(changesText(entry)).toBe(
      `Durum: İnceleme Bekliyor → İncelemede; Müşteri: — → Ahmet Gıda; Planlanan sevkiyat tarihi: — → 30.11.2026; Yüklenen miktar: 0 → 1.200; Notlar: ${'x'.repeat(80)} → —`,
    );
  });
});
