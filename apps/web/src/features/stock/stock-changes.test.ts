import type { StockLine } from '@mandira/contract/products';
import { MOVEMENT_TYPE_MISSING } from '@mandira/contract/stock';
import { describe, expect, it } from 'vitest';
import {
  countRequest,
  EXPIRY_MISSING,
  FIX_QUANTITIES,
  FOOD_LOT_MISSING,
  goodsRequest,
  initialCounts,
  LOT_CODE_MISSING,
  lineOfField,
  lotFieldOf,
  NEGATIVE_QUANTITY,
  NO_QUANTITY,
  quantityAfter,
  quantityError,
  toPieces,
} from './stock-changes.ts';
import { changeFromTo, piecesAndBoxes, signedPiecesAndBoxes } from './stock-format.ts';

const line = (id: number, warehouseId: number, quantity: number): StockLine => ({
  id,
  warehouseId,
  quantity,
  boxQuantity: 0,
  wareHouse: { name: `DEPO${warehouseId}`, label: `Depo-${warehouseId}` },
  packagingUnitTypeAmount: 1500,
  packagingUnitType: 'GRAM',
  packagingType: 'VACUUM_PACKAGE',
  lots: [],
  lotCount: 0,
});
const lines = [line(11, 1, 40), line(12, 2, 0), line(13, 3, 7)];

describe('toPieces', () => {
  it('reads whole pieces, an empty field as 0, and nothing else', () => {
    expect(toPieces(12)).toBe(12);
    expect(toPieces(undefined)).toBe(0);
    expect(toPieces(3.9)).toBeUndefined();
    expect(toPieces(Number.NaN)).toBeUndefined();
    expect(toPieces(-4)).toBeUndefined();
  });

  it('names a negative quantity on its field', () => {
    expect(quantityError(-3)).toBe(NEGATIVE_QUANTITY);
    expect(quantityError(0)).toBeUndefined();
    expect(quantityError(undefined)).toBeUndefined();
  });
});

describe('goodsRequest', () => {
  it('refuses without a movement type, asking for one', () => {
    expect(goodsRequest('import', { lines, quantities: { 11: 5 }, movementType: null, notes: '' })).toEqual({
      refusal: MOVEMENT_TYPE_MISSING,
    });
  });

  it('refuses when no warehouse has pieces typed in', () => {
    const input = {
      lines,
      quantities: { 11: undefined, 12: 0 },
      movementType: 'PRODUCTION_INBOUND',
      notes: '',
    };
    expect(goodsRequest('import', input)).toEqual({ refusal: NO_QUANTITY });
  });

  it('refuses while a quantity is negative or unreadable, instead of sending another number', () => {
    for (const bad of [-3, Number.NaN]) {
      const input = { lines, quantities: { 11: 5, 12: bad }, movementType: 'PRODUCTION_INBOUND', notes: '' };
      expect(goodsRequest('import', input)).toEqual({ refusal: FIX_QUANTITIES });
    }
  });

  it('sends a goods-in line per warehouse with pieces, trimmed notes on each', () => {
    const request = goodsRequest('import', {
      lines,
      quantities: { 11: 40, 12: undefined, 13: 25 },
      movementType: 'PURCHASE_INBOUND',
      notes: '  Sabah üretimi ',
    });
    expect(request).toEqual({
      kind: 'import',
      body: {
        stockChange: [
          { id: 11, importedQuantity: 40, stockOperationType: 'PURCHASE_INBOUND', notes: 'Sabah üretimi' },
          { id: 13, importedQuantity: 25, stockOperationType: 'PURCHASE_INBOUND', notes: 'Sabah üretimi' },
        ],
      },
    });
  });

  it('sends goods-out as exported pieces with the outbound type', () => {
    const request = goodsRequest('export', {
      lines,
      quantities: { 12: 3 },
      movementType: 'RETAIL_OUTBOUND',
      notes: '',
    });
    expect(request).toEqual({
      kind: 'export',
      body: {
        stockChange: [{ id: 12, exportedQuantity: 3, stockOperationType: 'RETAIL_OUTBOUND', notes: '' }],
      },
    });
  });
});

describe('counts', () => {
  it('start from what each line holds and send every line, an emptied field as 0', () => {
    const counts = { ...initialCounts(lines), 12: 9, 13: undefined };
    expect(countRequest(lines, counts, ' sayım ')).toEqual({
      updatedStocks: [
        { id: 11, quantity: 40, notes: 'sayım' },
        { id: 12, quantity: 9, notes: 'sayım' },
        { id: 13, quantity: 0, notes: 'sayım' },
      ],
    });
  });

  it('refuses a count while a field is unreadable or negative', () => {
    expect(countRequest(lines, { ...initialCounts(lines), 12: Number.NaN }, '')).toEqual({
      refusal: FIX_QUANTITIES,
    });
    expect(countRequest(lines, { ...initialCounts(lines), 13: -1 }, '')).toEqual({ refusal: FIX_QUANTITIES });
  });

  it('previews the quantity after each kind of movement', () => {
    expect(quantityAfter('import', lines[0]!, 10)).toBe(50);
    expect(quantityAfter('export', lines[0]!, 50)).toBe(-10);
    expect(quantityAfter('count', lines[0]!, 8)).toBe(8);
    expect(quantityAfter('count', lines[0]!, Number.NaN)).toBe(40);
    expect(quantityAfter('import', lines[0]!, -5)).toBe(40);
  });
});

describe('lineOfField', () => {
  it("finds the line a server refusal's field names, by its place in the request", () => {
    expect(lineOfField('stockChange[1].importedQuantity', [11, 13])).toBe(13);
    expect(lineOfField('updatedStocks[0].quantity', [11, 12, 13])).toBe(11);
    expect(lineOfField('stockChange[5].id', [11])).toBeUndefined();
    expect(lineOfField('notes', [11])).toBeUndefined();
    expect(lineOfField(undefined, [11])).toBeUndefined();
  });
});

describe('stock texts', () => {
  it('show pieces with boxes in Turkish grouping', () => {
    expect(piecesAndBoxes(1250, 6)).toBe('1.250 adet (208 koli)');
    expect(piecesAndBoxes(5, 0)).toBe('5 adet');
    expect(signedPiecesAndBoxes(12, 6)).toBe('+12 adet (+2 koli)');
    expect(signedPiecesAndBoxes(-13, 6)).toBe('-13 adet (-2,2 koli)');
    expect(signedPiecesAndBoxes(-2, 6)).toBe('-2 adet (-0,3 koli)');
    expect(signedPiecesAndBoxes(4, 0)).toBe('+4 adet');
    expect(signedPiecesAndBoxes(-1, 24)).toBe('-1 adet');
    expect(piecesAndBoxes(-1, 12)).toBe('-1 adet');
    expect(piecesAndBoxes(5, 12)).toBe('5 adet');
    expect(changeFromTo(12, 52)).toBe('40 → 52');
  });
});

describe('lots in the goods and count requests', () => {
  const input = { lines, quantities: { 11: 5, 13: 2 }, movementType: 'PRODUCTION_INBOUND', notes: '' };

  it("refuses a food item's goods-in without code and expiry day, on the fields of each line", () => {
    expect(
      goodsRequest('import', {
        ...input,
        lotRequired: true,
        lots: { 11: { code: 'P-1', expiryDate: null, productionDate: null } },
      }),
    ).toEqual({
      refusal: FOOD_LOT_MISSING,
      lotErrors: {
        11: { expiryDate: EXPIRY_MISSING },
        13: { code: LOT_CODE_MISSING, expiryDate: EXPIRY_MISSING },
      },
    });
  });

  it('sends the typed lot, and none for a supplies line left empty', () => {
    const request = goodsRequest('import', {
      ...input,
      lots: { 11: { code: ' P-1 ', expiryDate: '2030-01-31', productionDate: '2029-12-01' } },
    });
    expect(request).toMatchObject({
      body: {
        stockChange: [
          {
            id: 11,
            importedQuantity: 5,
            lot: { code: 'P-1', expiryDate: '2030-01-31', productionDate: '2029-12-01' },
          },
          { id: 13, importedQuantity: 2 },
        ],
      },
    });
    expect('body' in request && 'lot' in request.body.stockChange[1]!).toBe(false);
  });

  it('names the chosen lot of a goods-out and a count, and leaves FEFO to the server otherwise', () => {
    const out = goodsRequest('export', {
      ...input,
      movementType: 'DISPOSAL_OUTBOUND',
      lotChoices: { 13: 9 },
    });
    expect(out).toMatchObject({ body: { stockChange: [{ id: 11 }, { id: 13, lotId: 9 }] } });
    expect('body' in out && 'lotId' in out.body.stockChange[0]!).toBe(false);
    expect(countRequest(lines, initialCounts(lines), '', { 11: 4 })).toMatchObject({
      updatedStocks: [{ id: 11, lotId: 4 }, { id: 12 }, { id: 13 }],
    });
  });

  it('previews a lot count and a goods-out beyond the chosen lot', () => {
    const lot = { quantity: 10 };
    expect(quantityAfter('count', line(1, 1, 40), 4, lot)).toBe(34);
    expect(quantityAfter('export', line(1, 1, 40), 12, lot)).toBeLessThan(0);
    expect(quantityAfter('export', line(1, 1, 40), 8, lot)).toBe(32);
  });

  it('reads which lot field a refusal names', () => {
    expect(lotFieldOf('stockChange[2].lot.expiryDate')).toBe('expiryDate');
    expect(lotFieldOf('stockChange[0].lot.code')).toBe('code');
    expect(lotFieldOf('updatedStocks[1].lotId')).toBe('lotId');
    expect(lotFieldOf('stockChange[0].importedQuantity')).toBeUndefined();
  });
});
