import { addDays, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import type { LotInput } from '@mandira/contract/lots';
import type { InboundType, OutboundType } from '@mandira/contract/stock';
import { and, asc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lots, productItems, stockHistory, stockLines, users } from '../db/schema.ts';
import { type Actor, SYSTEM_ACTOR } from '../http/auth.ts';
import { resolveReceivedLots } from '../modules/stock/lots.repo.ts';
import { applyStockChanges, type StockChange } from '../modules/stock/stock-movement.service.ts';
import { createWarehouse } from '../modules/stock/warehouse.service.ts';

const DAYS = 28;

/** A small repeatable sequence, so every demo database tells the same story. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/** Days a lot of the item keeps, by the stock code's kind (docs/domain/stock.md, "Lots"). */
const SHELF_DAYS: Record<string, number> = {
  SUT: 45,
  AYR: 45,
  KYM: 50,
  LOR: 50,
  YGT: 60,
  TRY: 120,
  KSR: 180,
  BYZ: 240,
};
const shelfDaysOf = (stockCode: string) => SHELF_DAYS[stockCode.split('-')[0]!] ?? 150;

/**
 * The lot a day's production goes into: one a week, coded as printed on the package — year and month,
 * then A for the 1st–7th, B for the 8th–14th and so on ('2611-A') — made on the first day of its week.
 */
export function demoLot(day: string, stockCode: string): LotInput {
  const [year, month, date] = day.split('-') as [string, string, string];
  const week = Math.floor((Number(date) - 1) / 7);
  const productionDate = `${year}-${month}-${String(1 + week * 7).padStart(2, '0')}`;
  return {
    code: lotCode(productionDate),
    productionDate,
    expiryDate: addDays(productionDate, shelfDaysOf(stockCode)),
  };
}

function lotCode(productionDate: string): string {
  const [year, month, date] = productionDate.split('-') as [string, string, string];
  return `${year.slice(2)}${month}-${String.fromCharCode(65 + Math.floor((Number(date) - 1) / 7))}`;
}

/**
 * What Depo-3 held when the four weeks began: aged kaşar and tinned white cheese from months before,
 * whose dates now fall within the week, so the expiry cards have something to show.
 */
const OPENING_LOTS = [
  { stockCode: 'KSR-400', boxes: 3, daysLeft: 3 },
  { stockCode: 'BYZ-17KG', boxes: 2, daysLeft: 6 },
];

/** A change of the demo, which may receive a lot by its printed code and dates. */
type DemoChange = StockChange & { lot?: LotInput };

/**
 * Four weeks of a dairy's stock: morning production into Depo-1 and Depo-2, in weekly lots, purchases of
 * supplies (without lots), retail and shipment goods-outs first-expired-first-out, transfers to Depo-3, a
 * few returns and a Monday count; last, a return of a lot already past its date, waiting to be disposed
 * of. Every movement goes through the stock service, so lines, lots and history agree; the rows are then
 * dated back to the day they stand for.
 */
export async function seedStockDemo(db: Db): Promise<void> {
  await db.transaction((tx) =>
    createWarehouse(tx, SYSTEM_ACTOR, {
      shortName: 'İzmir Soğuk Hava Deposu',
      description: 'Ege bölgesi dağıtım deposu',
      address: 'Kemalpaşa OSB, 35730 Kemalpaşa / İzmir',
      phone: '0232 877 40 10',
      capacityInM3: 850,
      warehouseType: 'COLD_STORAGE',
      surfaceAreaInSquareMeters: 320,
      latitude: 38.4269,
      longitude: 27.4172,
    }),
  );
  await db.transaction((tx) =>
    createWarehouse(tx, SYSTEM_ACTOR, {
      shortName: 'Ankara Donuk Depo',
      description: '-18°C donuk ürün deposu',
      address: 'Sincan OSB, 06935 Sincan / Ankara',
      phone: '0312 269 55 00',
      capacityInM3: 400,
      warehouseType: 'COLD_STORAGE_MINUS_18',
      surfaceAreaInSquareMeters: 150,
      latitude: 39.9729,
      longitude: 32.5741,
    }),
  );

  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'warehouse_staff'));
  const actor: Actor = {
    userId: staff?.id ?? 0,
    userName: 'warehouse_staff',
    roles: ['WAREHOUSE_STAFF'],
    privileges: new Set(),
    isSuperAdmin: false,
  };
  const lines = await db
    .select({
      id: stockLines.id,
      productItemId: stockLines.productItemId,
      warehouseId: stockLines.warehouseId,
      quantityInBox: productItems.quantityInBox,
      stockType: productItems.warehouseStockType,
      stockCode: productItems.stockCode,
    })
    .from(stockLines)
    .innerJoin(productItems, eq(productItems.id, stockLines.productItemId))
    .orderBy(asc(stockLines.productItemId), asc(stockLines.warehouseId));
  const byItem = new Map<number, typeof lines>();
  for (const line of lines) byItem.set(line.productItemId, [...(byItem.get(line.productItemId) ?? []), line]);

  const random = sequence(2026);
  const held = new Map(lines.map((line) => [line.id, 0]));
  const today = istanbulDate(new Date());

  const opening = OPENING_LOTS.flatMap(({ stockCode, boxes, daysLeft }): DemoChange[] => {
    const depo3 = lines.filter((line) => line.stockCode === stockCode)[2];
    if (!depo3) return [];
    const expiryDate = addDays(today, daysLeft);
    const productionDate = addDays(expiryDate, -shelfDaysOf(stockCode));
    const quantity = boxes * Math.max(depo3.quantityInBox, 1);
    held.set(depo3.id, held.get(depo3.id)! + quantity);
    return [
      {
        stockLineId: depo3.id,
        kind: 'add',
        quantity,
        action: 'TRANSFER_INBOUND',
        notes: 'Devir: önceki dönemden kalan stok',
        lot: { code: lotCode(productionDate), productionDate, expiryDate },
      },
    ];
  });
  await moveOn(db, actor, opening, addDays(today, -DAYS), '06:30');

  for (let day = DAYS; day >= 0; day--) {
    const date = addDays(today, -day);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    for (const itemLines of byItem.values()) {
      const [depo1, depo2, depo3] = itemLines;
      if (!depo1 || !depo2 || !depo3) continue;
      const box = Math.max(itemLines[0]!.quantityInBox, 1);
      const supplies = itemLines[0]!.stockType === 'SUPPLIES';
      const morning: DemoChange[] = [];
      const evening: DemoChange[] = [];
      const inbound = (lineId: number, boxes: number, action: InboundType, notes: string, lotDay = date) => {
        const quantity = boxes * box;
        held.set(lineId, held.get(lineId)! + quantity);
        const lot = supplies ? undefined : demoLot(lotDay, itemLines[0]!.stockCode);
        morning.push({ stockLineId: lineId, kind: 'add', quantity, action, notes, lot });
      };
      const outbound = (lineId: number, boxes: number, action: OutboundType, notes: string) => {
        const quantity = Math.min(boxes * box, held.get(lineId)!);
        if (quantity === 0) return;
        held.set(lineId, held.get(lineId)! - quantity);
        evening.push({ stockLineId: lineId, kind: 'add', quantity: -quantity, action, notes });
      };

      if (weekday !== 0) {
        if (supplies) {
          if (weekday === 2)
            inbound(depo1.id, 20 + random(20), 'PURCHASE_INBOUND', 'Haftalık sarf malzeme alımı');
        } else {
          inbound(depo1.id, 8 + random(12), 'PRODUCTION_INBOUND', 'Sabah üretimi');
          if (random(3) === 0) inbound(depo2.id, 4 + random(6), 'PRODUCTION_INBOUND', 'İkinci hat üretimi');
        }
        outbound(depo1.id, 5 + random(10), 'SHIPMENT_OUTBOUND', 'Bayi sevkiyatı');
        if (random(4) === 0) outbound(depo2.id, 1 + random(3), 'RETAIL_OUTBOUND', 'Fabrika satış mağazası');
        if (weekday === 5) {
          const transfer = Math.min(6 * box, held.get(depo1.id)!);
          if (transfer > 0) {
            held.set(depo1.id, held.get(depo1.id)! - transfer);
            held.set(depo3.id, held.get(depo3.id)! + transfer);
            evening.push(
              {
                stockLineId: depo1.id,
                kind: 'add',
                quantity: -transfer,
                action: 'TRANSFER_OUTBOUND',
                notes: "Depo-3'e transfer",
              },
              {
                stockLineId: depo3.id,
                kind: 'add',
                quantity: transfer,
                action: 'TRANSFER_INBOUND',
                notes: "Depo-1'den transfer",
              },
            );
          }
        }
        if (random(15) === 0)
          inbound(depo2.id, 1, 'RETURN_INBOUND', 'Müşteri iadesi', addDays(date, -3 - random(5)));
      }
      if (weekday === 1 && held.get(depo1.id)! > box) {
        // The Monday count finds a piece or two missing now and then.
        const counted = held.get(depo1.id)! - random(3);
        held.set(depo1.id, counted);
        evening.push({
          stockLineId: depo1.id,
          kind: 'set',
          quantity: counted,
          action: 'STOCK_COUNT',
          notes: 'Haftalık sayım',
        });
      }
      await moveOn(db, actor, morning, date, '07:30');
      await moveOn(db, actor, evening, date, '17:45');
    }
  }
  await returnExpiredLot(db, actor, lines, today);
}

/**
 * This morning a buyer sent back a box of ayran whose date had passed: the one expired lot on hand,
 * which only a return may bring in, waiting in Depo-2 to be disposed of.
 */
async function returnExpiredLot(
  db: Db,
  actor: Actor,
  lines: readonly { id: number; stockCode: string; quantityInBox: number }[],
  today: string,
): Promise<void> {
  const depo2 = lines.filter((line) => line.stockCode === 'AYR-1L')[1];
  if (!depo2) return;
  const change: DemoChange = {
    stockLineId: depo2.id,
    kind: 'add',
    quantity: depo2.quantityInBox,
    action: 'RETURN_INBOUND',
    notes: 'Müşteri iadesi: son kullanma tarihi geçmiş, imha edilecek',
    lot: demoLot(addDays(today, -shelfDaysOf('AYR-1L') - 9), 'AYR-1L'),
  };
  await moveOn(db, actor, [change], today, '09:15');
}

/** Applies the changes and dates their history rows to the given Istanbul day and time. */
async function moveOn(
  db: Db,
  actor: Actor,
  changes: DemoChange[],
  date: string,
  time: string,
): Promise<void> {
  if (changes.length === 0) return;
  await db.transaction(async (tx) => {
    const [last] = await tx.select({ id: max(stockHistory.id) }).from(stockHistory);
    const lotIds = await resolveReceivedLots(
      tx,
      actor,
      changes.map((change) => ({ stockLineId: change.stockLineId, lot: change.lot, field: '' })),
    );
    await applyStockChanges(
      tx,
      changes.map(({ lot: _, ...change }, index) => ({ ...change, lotId: lotIds[index] ?? change.lotId })),
      { actor },
    );
    const at = new Date(startOfIstanbulDay(date).getTime() + minutesOf(time) * 60_000);
    const when = sql`${(at.getTime() > Date.now() ? new Date() : at).toISOString()}::timestamptz`;
    await tx
      .update(stockHistory)
      .set({ createdAt: when })
      .where(gt(stockHistory.id, last?.id ?? 0));
    // A lot is known from its first goods-in on.
    const received = lotIds.filter((id) => id !== undefined);
    if (received.length > 0) {
      await tx
        .update(lots)
        .set({ createdAt: when })
        .where(and(inArray(lots.id, received), gt(lots.createdAt, when)));
    }
  });
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}
