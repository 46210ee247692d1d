import { describe, expect, it } from 'vitest';
import { auditParamsOf, auditViewOf } from './audit-params.ts';

describe('the audit screen address', () => {
  it('reads the filters a drawer link carries', () => {
    expect(auditViewOf(new URLSearchParams('entityType=ORDER&entityId=12'))).toEqual({
      filters: { entityType: 'ORDER', entityId: 12 },
      page: 1,
    });
  });

  it('drops each value the server would refuse and keeps the rest', () => {
    const view = auditViewOf(
      new URLSearchParams(
        'entityType=NOPE&entityId=-3&actorId=4&action=APPROVE&from=2026-11-01&to=31.11&page=x',
      ),
    );
    expect(view).toEqual({ filters: { actorId: 4, action: 'APPROVE', from: '2026-11-01' }, page: 1 });
  });

  it('writes back what it reads, the first page left out', () => {
    const filters = { entityType: 'SHIPMENT', entityId: 5, from: '2026-11-01', to: '2026-11-24' } as const;
    expect(auditParamsOf(filters)).toEqual({
      entityType: 'SHIPMENT',
      entityId: '5',
      from: '2026-11-01',
      to: '2026-11-24',
    });
    const params = new URLSearchParams(auditParamsOf(filters, 3));
    expect(auditViewOf(params)).toEqual({ filters, page: 3 });
  });
});
