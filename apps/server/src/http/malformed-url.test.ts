import { describe, expect, it } from 'vitest';
import { malformedUrlError } from './malformed-url.ts';

describe('malformedUrlError', () => {
  it.each([
    '/api/product-item',
    '/api/product-item/12?warehouseName=DEPO1',
    '/api/buyers?title=%C3%87ift%C3%A7i%20%F0%9F%A5%9B',
    '/api/product-item?warehouseName=a+b&x=%25',
  ])('lets %s through', (url) => {
    expect(malformedUrlError(url)).toBeUndefined();
  });

  it('names the query parameter whose value does not decode, by its Turkish label', () => {
    expect(malformedUrlError('/api/product-item?page=1&warehouseName=%E2%82')).toEqual({
      message: 'Depo okunamadı: geçersiz bir yüzde (%) kodlaması içeriyor.',
      code: 'VALIDATION',
      field: 'warehouseName',
    });
  });

  it('refuses a query key or a path that does not decode without naming a field', () => {
    expect(malformedUrlError('/api/product-item?%FF=1')).toEqual({
      message: 'Sorgu parametresi okunamadı: geçersiz bir yüzde (%) kodlaması içeriyor.',
      code: 'VALIDATION',
    });
    expect(malformedUrlError('/api/product-item/%ED%A0%80?page=%FF')).toEqual({
      message: 'İstek adresi okunamadı: geçersiz bir yüzde (%) kodlaması içeriyor.',
      code: 'VALIDATION',
    });
  });
});
