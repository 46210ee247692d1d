import { describe, expect, it } from 'vitest';
import { allocate, type LineState, type LotChange, type LotFacts } from './lot-allocation.ts';

/*
 * How a movement's pieces fall on lots (docs/domain/stock.md, "Lots"): pieces in go to the named lot or
 * the undated one; pieces out come from the named lot or first-expired-first-out, the undated lot last;
 * a count sets a lot, or takes a line's difference in or out the same way.
 */
const UNDATED = 1;
const EARLY = 2; // expires 2026-12-01
const LATE = 3; // expires 2026-12-20
const OLD = 4; // expired 2026-11-01
const OTHER_ITEM = 9;

const facts: LotFacts = {
  named: new Map([
    [UNDATED, { productItemId: 7, code: '', expiryDate: null }],
    [EARLY, { productItemId: 7, code: 'A', expiryDate: '2026-12-01' }],
    [LATE, { productItemId: 7, code: 'B', expiryDate: '2026-12-20' }],
    [OLD, { productItemId: 7, code: 'C', expiryDate: '2026-11-01' }],
    [OTHER_ITEM, { productItemId: 8, code: 'X', expiryDate: '2026-12-05' }],
  ]),
  undated: new Map([[7, UNDATED]]),
};

const line = (lots: Record<number, number>): LineState => ({
  stockLineId: 100,
  productItemId: 7,
  warehouseId: 1,
  quantity: Object.values(lots).reduce((sum, quantity) => sum + quantity, 0),
  itemName: 'Beyaz Peynir',
  warehouseLabel: 'Depo-1',
  lots: Object.entries(lots).map(([id, quantity]) => ({
    lotId: Number(id),
    code: facts.named.get(Number(id))!.code,
    expiryDate: facts.named.get(Number(id))!.expiryDate,
    quantity,
  })),
});

const change = (kind: 'add' | 'set', quantity: number, extra: Partial<LotChange> = {}): LotChange => ({
  stockLineId: 100,
  kind,
  quantity,
  action: kind === 'set' ? 'STOCK_COUNT' : quantity >= 0 ? 'PRODUCTION_INBOUND' : 'RETAIL_OUTBOUND',
  notes: '',
  ...extra,
});

const fresh = { day: '2026-11-28', reason: 'süresi geçmiş ürün satılamaz' };

/** Each case: the line's lots before, the changes, and the lots after (or the refusal's words). */
const cases: {
  name: string;
  before: Record<number, number>;
  changes: LotChange[];
  after?: Record<number, number>;
  refused?: RegExp;
}[] = [
  {
    name: 'pieces in without a lot go to the undated lot',
    before: {},
    changes: [change('add', 5)],
    after: { [UNDATED]: 5 },
  },
  {
    name: 'pieces in go to the named lot',
    before: { [EARLY]: 1 },
    changes: [change('add', 4, { lotId: EARLY })],
    after: { [EARLY]: 5 },
  },
  {
    name: 'pieces out come from the earliest expiry first, across lots',
    before: { [LATE]: 5, [EARLY]: 3, [UNDATED]: 10 },
    changes: [change('add', -6)],
    after: { [EARLY]: 0, [LATE]: 2, [UNDATED]: 10 },
  },
  {
    name: 'the undated lot is taken last',
    before: { [UNDATED]: 10, [LATE]: 2 },
    changes: [change('add', -5)],
    after: { [LATE]: 0, [UNDATED]: 7 },
  },
  {
    name: 'a selling goods-out skips expired lots',
    before: { [OLD]: 4, [EARLY]: 3 },
    changes: [change('add', -2, { freshFrom: fresh })],
    after: { [OLD]: 4, [EARLY]: 1 },
  },
  {
    name: 'a disposal takes expired lots first',
    before: { [OLD]: 4, [EARLY]: 3 },
    changes: [change('add', -5, { action: 'DISPOSAL_OUTBOUND' })],
    after: { [OLD]: 0, [EARLY]: 2 },
  },
  {
    name: 'a selling goods-out that only expired pieces could cover is refused, naming the expired lot',
    before: { [OLD]: 4, [EARLY]: 3 },
    changes: [change('add', -5, { freshFrom: fresh })],
    refused: /eldeki: 7, kullanılabilir: 3, istenen: 5; alınamayan partiler: C \(SKT 01\.11\.2026\) 4 adet/,
  },
  {
    name: 'a named expired lot is refused for a selling goods-out',
    before: { [OLD]: 4 },
    changes: [change('add', -1, { lotId: OLD, freshFrom: fresh })],
    refused: /C \(SKT 01\.11\.2026\) partisi alınamaz: son kullanma tarihi 01\.11\.2026/,
  },
  {
    name: 'a named lot cannot give more than it holds, whatever the line holds',
    before: { [EARLY]: 2, [LATE]: 10 },
    changes: [change('add', -3, { lotId: EARLY })],
    refused: /A \(SKT 01\.12\.2026\) partisinde yeterli stok yok \(eldeki: 2, istenen: 3\)/,
  },
  {
    name: "another item's lot is refused",
    before: {},
    changes: [change('add', 1, { lotId: OTHER_ITEM })],
    refused: /Parti #9, 'Beyaz Peynir' ürününün bir partisi değil/,
  },
  {
    name: 'a count of a lot sets that lot',
    before: { [EARLY]: 2, [LATE]: 3 },
    changes: [change('set', 7, { lotId: LATE })],
    after: { [EARLY]: 2, [LATE]: 7 },
  },
  {
    name: 'a count of a line above its pieces adds the difference to the undated lot',
    before: { [EARLY]: 2 },
    changes: [change('set', 5)],
    after: { [EARLY]: 2, [UNDATED]: 3 },
  },
  {
    name: 'a count of a line below its pieces takes the difference first-expired-first-out',
    before: { [OLD]: 1, [EARLY]: 2, [UNDATED]: 4 },
    changes: [change('set', 4)],
    after: { [OLD]: 0, [EARLY]: 0, [UNDATED]: 4 },
  },
  {
    name: 'changes apply in their order',
    before: {},
    changes: [change('add', 3, { lotId: LATE }), change('add', 2, { lotId: EARLY }), change('add', -4)],
    after: { [EARLY]: 0, [LATE]: 1 },
  },
];

describe('allocate: how a movement falls on lots', () => {
  it.each(cases)('$name', ({ before, changes, after, refused }) => {
    const result = allocate([line(before)], changes, facts);
    if (refused) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect([...result.shortfalls, ...result.refusals].join('; ')).toMatch(refused);
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const lots = Object.fromEntries(result.lines[0]!.lots.map((lot) => [lot.lotId, lot.quantity]));
    expect(lots).toEqual(
      expect.objectContaining(Object.fromEntries(Object.entries(after!).map(([id, q]) => [id, q]))),
    );
    // The line is the sum of its lots, and each step's line-after runs with it.
    expect(result.lines[0]!.quantity).toBe(Object.values(lots).reduce((sum, quantity) => sum + quantity, 0));
    const last = result.steps.at(-1);
    if (last) expect(last.lineAfter).toBe(result.lines[0]!.quantity);
  });

  it('names an unknown line and writes nothing', () => {
    const result = allocate([], [change('add', 1)], facts);
    expect(result).toMatchObject({ ok: false, missingLines: [100] });
  });
});
