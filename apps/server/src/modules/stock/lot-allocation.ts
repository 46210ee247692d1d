import { lotLabel, shownLotDay } from '@mandira/contract/lots';
import type { StockAction } from '@mandira/contract/stock';

/**
 * How one movement's changes fall on the lots of its lines (decision 151), worked out in memory on the
 * lines the movement has locked: no SQL here, so the rules are tested as a table.
 *
 * - Pieces in go to the named lot, or the item's undated lot.
 * - Pieces out come from the named lot, or first-expired-first-out: the earliest expiry date first, the
 *   undated lot last, lots expiring before `freshFrom` skipped (and a named one refused).
 * - A count of a lot sets that lot; a count of a line adds the difference to the undated lot or takes it
 *   first-expired-first-out from every lot.
 */

export type LotOnLine = { lotId: number; code: string; expiryDate: string | null; quantity: number };

export type LineState = {
  stockLineId: number;
  productItemId: number;
  warehouseId: number;
  quantity: number;
  itemName: string;
  warehouseLabel: string;
  lots: LotOnLine[];
};

export type LotChange = {
  stockLineId: number;
  kind: 'add' | 'set';
  quantity: number;
  action: StockAction;
  notes: string;
  lotId?: number;
  /** Lots expiring before this day ('YYYY-MM-DD') are not taken, and the reason if one is named. */
  freshFrom?: { day: string; reason: string };
};

/** One lot's share of one change: a history row. */
export type LotStep = {
  change: number;
  stockLineId: number;
  lotId: number;
  quantityChange: number;
  lineAfter: number;
  lotAfter: number;
};

export type Allocation =
  | { ok: true; steps: LotStep[]; lines: LineState[]; lineAfter: number[] }
  | {
      ok: false;
      missingLines: number[];
      missingLots: number[];
      shortfalls: string[];
      refusals: string[];
      overflows: string[];
    };

export type LotFacts = {
  /** Every lot a change names, whatever line holds it. */
  named: Map<number, { productItemId: number; code: string; expiryDate: string | null }>;
  /** The undated lot of each item of the lines. */
  undated: Map<number, number>;
};

/** The most a stock line can hold (its column is a 4-byte integer). */
export const MAX_LINE_QUANTITY = 2_147_483_647;

const byExpiry = (a: LotOnLine, b: LotOnLine) =>
  (a.expiryDate ?? '9999-12-31').localeCompare(b.expiryDate ?? '9999-12-31') || a.lotId - b.lotId;

export function allocate(
  lines: readonly LineState[],
  changes: readonly LotChange[],
  facts: LotFacts,
): Allocation {
  const state = new Map(
    lines.map((line) => [line.stockLineId, { ...line, lots: line.lots.map((lot) => ({ ...lot })) }]),
  );
  const missingLines = [...new Set(changes.map((change) => change.stockLineId))].filter(
    (id) => !state.has(id),
  );
  const missingLots = [
    ...new Set(changes.flatMap((change) => (change.lotId === undefined ? [] : [change.lotId]))),
  ].filter((id) => !facts.named.has(id));
  const shortfalls: string[] = [];
  const refusals: string[] = [];
  const steps: LotStep[] = [];
  const lineAfter: number[] = [];

  const applyOne = (change: LotChange, index: number) => {
    const line = state.get(change.stockLineId);
    if (!line) return;
    const lotOf = (lotId: number): LotOnLine => {
      let lot = line.lots.find((one) => one.lotId === lotId);
      if (!lot) {
        const fact = facts.named.get(lotId) ?? { code: '', expiryDate: null };
        lot = { lotId, code: fact.code, expiryDate: fact.expiryDate, quantity: 0 };
        line.lots.push(lot);
      }
      return lot;
    };
    const move = (lot: LotOnLine, delta: number) => {
      if (delta === 0) return;
      lot.quantity += delta;
      line.quantity += delta;
      steps.push({
        change: index,
        stockLineId: line.stockLineId,
        lotId: lot.lotId,
        quantityChange: delta,
        lineAfter: line.quantity,
        lotAfter: lot.quantity,
      });
    };
    const undated = () => lotOf(facts.undated.get(line.productItemId)!);
    const named = (): LotOnLine | undefined => {
      if (change.lotId === undefined) return undefined;
      const fact = facts.named.get(change.lotId);
      if (!fact) return undefined;
      if (fact.productItemId !== line.productItemId) {
        refusals.push(`Parti #${change.lotId}, '${line.itemName}' ürününün bir partisi değil`);
        return undefined;
      }
      return lotOf(change.lotId);
    };
    /** Takes `pieces` first-expired-first-out; false (and a message) when the lots cannot give them. */
    const takeFefo = (pieces: number, fresh?: LotChange['freshFrom']) => {
      const usable = line.lots
        .filter(
          (lot) => lot.quantity > 0 && !(fresh && lot.expiryDate !== null && lot.expiryDate < fresh.day),
        )
        .sort(byExpiry);
      const free = usable.reduce((sum, lot) => sum + lot.quantity, 0);
      if (free < pieces) {
        const stale = line.lots.filter((lot) => lot.quantity > 0 && !usable.includes(lot)).sort(byExpiry);
        const why = stale.length
          ? `; alınamayan partiler: ${stale.map((lot) => `${lotLabel(lot)} ${lot.quantity} adet`).join(', ')} (${fresh!.reason})`
          : '';
        const usableText = free === line.quantity ? '' : `, kullanılabilir: ${free}`;
        shortfalls.push(
          `'${line.itemName}' ürünü için ${line.warehouseLabel} deposunda yeterli stok yok (eldeki: ${line.quantity}${usableText}, istenen: ${pieces}${why})`,
        );
        return;
      }
      let left = pieces;
      for (const lot of usable) {
        const taken = Math.min(left, lot.quantity);
        move(lot, -taken);
        left -= taken;
        if (left === 0) break;
      }
    };

    if (change.kind === 'add' && change.quantity >= 0) {
      const lot = change.lotId === undefined ? undated() : named();
      if (lot) move(lot, change.quantity);
      return;
    }
    if (change.kind === 'add') {
      const pieces = -change.quantity;
      if (change.lotId === undefined) {
        takeFefo(pieces, change.freshFrom);
        return;
      }
      const lot = named();
      if (!lot) return;
      if (change.freshFrom && lot.expiryDate !== null && lot.expiryDate < change.freshFrom.day) {
        refusals.push(
          `${lotLabel(lot)} partisi alınamaz: son kullanma tarihi ${shownLotDay(lot.expiryDate)} (${change.freshFrom.reason})`,
        );
        return;
      }
      if (lot.quantity < pieces) {
        shortfalls.push(
          `'${line.itemName}' ürünü için ${line.warehouseLabel} deposunda ${lotLabel(lot)} partisinde yeterli stok yok (eldeki: ${lot.quantity}, istenen: ${pieces})`,
        );
        return;
      }
      move(lot, -pieces);
      return;
    }
    // A count.
    if (change.lotId !== undefined) {
      const lot = named();
      if (lot) move(lot, change.quantity - lot.quantity);
      return;
    }
    const difference = change.quantity - line.quantity;
    if (difference > 0) move(undated(), difference);
    else if (difference < 0) takeFefo(-difference);
  };
  changes.forEach((change, index) => {
    applyOne(change, index);
    lineAfter.push(state.get(change.stockLineId)?.quantity ?? 0);
  });

  const overflows = [...state.values()]
    .filter((line) => line.quantity > MAX_LINE_QUANTITY)
    .map(
      (line) => `'${line.itemName}' ürünü ${line.warehouseLabel} deposunda ${line.quantity} adede çıkamaz`,
    );
  if (missingLines.length || missingLots.length || shortfalls.length || refusals.length || overflows.length) {
    return { ok: false, missingLines, missingLots, shortfalls, refusals, overflows };
  }
  return { ok: true, steps, lines: [...state.values()], lineAfter };
}
