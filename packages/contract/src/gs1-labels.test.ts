import { describe, expect, it } from 'vitest';
import { GS, parseScanCode } from './gs1.ts';

/** Codes as scanners hand them over from real labels: retail bars, GS1-128 cartons, DataMatrix packs. */
const YEAR = 2026;
const read = (code: string) => {
  const result = parseScanCode(code, YEAR);
  if (!result.ok) throw new Error(result.message);
  return result.scan;
};

describe('real label strings', () => {
  it.each([
    ['EAN-13 of a Turkish product', '8690504055013', 'EAN_13', '08690504055013'],
    ['EAN-13 with blanks around it', '  8691234567890\n', 'EAN_13', '08691234567890'],
    ['EAN-8', '96385074', 'EAN_8', '00000096385074'],
    ['UPC-A', '036000291452', 'UPC_A', '00036000291452'],
    ['GTIN-14 of a carton', '18690000000019', 'GTIN_14', '18690000000019'],
    ['EAN-13 with its symbology identifier', ']E08690504055013', 'EAN_13', '08690504055013'],
  ])('%s', (_, code, format, gtin) => {
    const scan = read(code);
    expect(scan.format).toBe(format);
    expect(scan.gtin).toBe(gtin);
    expect(scan.elements).toEqual([]);
  });

  it('reads the GS1 General Specifications example with a net weight', () => {
    const scan = read('(01)09521234543213(3103)000123');
    expect(scan).toMatchObject({ format: 'GS1', gtin: '09521234543213', netWeightKg: 0.123 });
  });

  it('reads a GS1-128 carton label: GTIN, expiry, lot after a GS, count', () => {
    const scan = read(`]C1011869000000001917261231102611-A${GS}3024`);
    expect(scan).toMatchObject({
      gtin: '18690000000019',
      expiryDate: '2026-12-31',
      lotCode: '2611-A',
      count: 24,
      unknownElements: [],
    });
  });

  it('reads a DataMatrix pack with a leading FNC1, dates, serial and an unknown AI', () => {
    const scan = read(`]d2${GS}01086905040550131126031515261200${'21SN-0042'}${GS}9112ABC${GS}10L7`);
    expect(scan).toMatchObject({
      gtin: '08690504055013',
      productionDate: '2026-03-15',
      bestBeforeDate: '2026-12-31',
      serial: 'SN-0042',
      lotCode: 'L7',
      unknownElements: [{ ai: '91', value: '12ABC' }],
    });
  });

  it('reads an SSCC pallet label with the contained GTIN and its count', () => {
    const scan = read('(00)106141411234567897(02)18690000000019(37)40(13)260301');
    expect(scan).toMatchObject({
      sscc: '106141411234567897',
      gtin: null,
      containedGtin: '18690000000019',
      itemCount: 40,
      packagingDate: '2026-03-01',
    });
  });

  it('reads a raw string without a symbology identifier, as many wedge scanners send it', () => {
    const scan = read(`010869050405501317270200${'10'}A1${GS}3102001250`);
    expect(scan).toMatchObject({ expiryDate: '2027-02-28', lotCode: 'A1', netWeightKg: 12.5 });
  });

  it('keeps AIs it does not know, of fixed and of variable length, without failing', () => {
    const scan = read(`]C10108690504055013${'7003'}2612311200${GS}4101234567890128${'3922'}1999${GS}10X`);
    expect(scan.unknownElements).toEqual([
      { ai: '7003', value: '2612311200' },
      { ai: '410', value: '1234567890128' },
      { ai: '3922', value: '1999' },
    ]);
    expect(scan.lotCode).toBe('X');
  });

  it('applies the GS1 century rule and reads day 00 as the last day of the month', () => {
    expect(read('(17)991231').expiryDate).toBe('1999-12-31');
    expect(read('(17)751231').expiryDate).toBe('2075-12-31');
    expect(read('(17)770100').expiryDate).toBe('1977-01-31');
    expect(read('(17)280200').expiryDate).toBe('2028-02-29');
  });

  it.each([
    ['(01)08690000000018(17)261231(10)2611-A', '(01) GTIN kontrol basamağı hatalı: 8 okundu, 2 olmalı.'],
    ['8690504055019', 'EAN-13 barkodunun kontrol basamağı hatalı: 9 okundu, 3 olmalı.'],
    ['96385075', 'EAN-8 barkodunun kontrol basamağı hatalı: 5 okundu, 4 olmalı.'],
    [
      '(00)106141411234567890',
      '(00) SSCC (koli/palet numarası) kontrol basamağı hatalı: 0 okundu, 7 olmalı.',
    ],
    ['(17)261331', '(17) Son kullanma tarihi geçerli bir tarih değil: 261331'],
    ['(17)260230', '(17) Son kullanma tarihi geçerli bir tarih değil: 260230'],
    ['(30)12a', '(30) Adet yalnızca rakam olmalı: 12a'],
    ['(10)123456789012345678901', '(10) Parti numarası en fazla 20 karakter olabilir: 123456789012345678901'],
    [']C10108690504055013172612', '(17) Son kullanma tarihi 6 karakter olmalı; kod erken bitiyor.'],
  ])('refuses %s, naming what is wrong', (code, message) => {
    expect(parseScanCode(code, YEAR)).toEqual({ ok: false, message });
  });

  it('reads any other text as itself, for the stock code', () => {
    expect(read(' STK-0042 ')).toMatchObject({ format: 'TEXT', text: 'STK-0042', gtin: null });
    expect(read('12345')).toMatchObject({ format: 'TEXT', text: '12345' });
  });
});
