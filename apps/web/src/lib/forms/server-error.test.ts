import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client.ts';
import { readServerError } from './server-error.ts';

const refusal = (message: string, field?: string) =>
  new ApiRequestError({ message, code: 'VALIDATION', ...(field ? { field } : {}) });

describe('readServerError', () => {
  it("takes the field from the envelope and leaves the key out of the field's message", () => {
    const failure = refusal("'userName': Kullanıcı adı en az 3 karakter olmalıdır.", 'userName');
    expect(readServerError(failure, { userName: 'Kullanıcı adı' })).toEqual({
      field: 'userName',
      fieldMessage: 'Kullanıcı adı en az 3 karakter olmalıdır.',
      message: 'Kullanıcı adı: Kullanıcı adı en az 3 karakter olmalıdır.',
    });
  });

  it("reads the field from a message that names it by key, and words 'alanı' for the field", () => {
    expect(
      readServerError(refusal("'licencePlateCode' alanı boş bırakılamaz."), { licencePlateCode: 'Plaka' }),
    ).toEqual({
      field: 'licencePlateCode',
      fieldMessage: 'Bu alan boş bırakılamaz.',
      message: 'Plaka: Bu alan boş bırakılamaz.',
    });
  });

  it('never shows a raw key in the alert, even for a field the form does not know', () => {
    const failure = readServerError(
      refusal("'stockChange[0].importedQuantity': Miktar çok büyük.", 'stockChange[0].importedQuantity'),
    );
    expect(failure.field).toBe('stockChange[0].importedQuantity');
    expect(failure.message).toBe('Miktar çok büyük.');
  });

  it('takes the field from the envelope when the message names none', () => {
    const failure = refusal('Seçilen teslimat şubesi bu müşterinin depolarından biri değil.', 'buyerBranch');
    expect(readServerError(failure, { buyerBranch: 'Teslimat Şubesi' })).toEqual({
      field: 'buyerBranch',
      fieldMessage: 'Seçilen teslimat şubesi bu müşterinin depolarından biri değil.',
      message: 'Seçilen teslimat şubesi bu müşterinin depolarından biri değil.',
    });
  });

  it('passes a message without a key on as it is', () => {
    const failure = readServerError(
      new ApiRequestError({ message: "'E2E-B02' kodlu bir müşteri zaten kayıtlı.", code: 'DUPLICATE' }),
    );
    expect(failure).toEqual({
      field: undefined,
      fieldMessage: "'E2E-B02' kodlu bir müşteri zaten kayıtlı.",
      message: "'E2E-B02' kodlu bir müşteri zaten kayıtlı.",
    });
  });

  it('hides what an unexpected failure says', () => {
    expect(readServerError(new Error('TypeError: x is undefined')).message).toBe(
      'Beklenmedik bir hata oluştu!',
    );
  });
});
