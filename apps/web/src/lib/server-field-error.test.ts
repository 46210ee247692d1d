import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/client.ts';
import { serverFieldError } from './server-field-error.ts';

const refusal = (message: string) => new ApiRequestError({ message, code: 'VALIDATION' });
const FIELDS = ['plannedShipmentDate', 'buyerBranch'] as const;

describe('serverFieldError', () => {
  it('puts a reason the server gives for a field of the form under that field', () => {
    expect(
      serverFieldError(
        refusal("'plannedShipmentDate': Planlanan sevkiyat tarihi geçmiş bir gün olamaz."),
        FIELDS,
      ),
    ).toEqual({
      field: 'plannedShipmentDate',
      message: 'Planlanan sevkiyat tarihi geçmiş bir gün olamaz.',
    });
  });

  it('words a missing field as the field itself being required', () => {
    expect(serverFieldError(refusal("'buyerBranch' alanı zorunludur."), FIELDS)).toEqual({
      field: 'buyerBranch',
      message: 'Bu alan zorunludur.',
    });
  });

  it('leaves a refusal about another field or about nothing in particular to the form', () => {
    expect(serverFieldError(refusal("'buyerId': Geçerli bir müşteri seçiniz."), FIELDS)).toBeUndefined();
    expect(
      serverFieldError(refusal('Müşterinin sepeti boş; sipariş oluşturulamaz.'), FIELDS),
    ).toBeUndefined();
    expect(serverFieldError(new Error("'buyerBranch' alanı zorunludur."), FIELDS)).toBeUndefined();
  });
});
