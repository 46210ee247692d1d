import { addDays } from '@mandira/contract/istanbul-time';
import type { LotFitness, LotPlan, LotPlanItem } from '@mandira/contract/load-lots';
import { lotLabel, shownLotDay, todayInIstanbul } from '@mandira/contract/lots';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';

/**
 * Which lots a load may take (docs/domain/loading-and-shipments.md, "Lots at loading"; decision 152):
 * never an expired one, and, for a buyer who asks for a minimum remaining shelf life, none that expires
 * before the order's planned day plus that many days. The chosen lots of a load are checked here, and the
 * load form's plan of what first-expired-first-out would take is read here.
 */

/** The day from which a lot may be loaded for one order, and why. */
export type ShelfLifeRule = {
  today: string;
  /** Lots expiring before this day are not loaded. */
  freshFrom: string;
  minDays: number | null;
  buyerTitle: string;
};

/** The rule of an order: today, or its planned day (today when none) + the buyer's minimum. */
export async function shelfLifeRuleOf(
  db: Db | Tx,
  order: { buyer_id: number; planned_shipment_date: string | null },
): Promise<ShelfLifeRule> {
  const [buyer] = await rowsOf<{ title: string; min_days: number | null }>(
    db,
    sql`select title, min_remaining_shelf_life_days as min_days from buyers where id = ${order.buyer_id}`,
  );
  const today = todayInIstanbul();
  const minDays = buyer?.min_days ?? null;
  const wanted = minDays === null ? today : addDays(order.planned_shipment_date ?? today, minDays);
  return { today, freshFrom: wanted > today ? wanted : today, minDays, buyerTitle: buyer?.title ?? '' };
}

export function fitnessOf(expiryDate: string | null, rule: ShelfLifeRule): LotFitness {
  if (expiryDate === null) return 'FIT';
  if (expiryDate < rule.today) return 'EXPIRED';
  return expiryDate < rule.freshFrom ? 'TOO_SHORT' : 'FIT';
}

/** What the stock engine skips and refuses for the load (decision 151's `freshFrom`). */
export function engineFreshness(rule: ShelfLifeRule): { day: string; reason: string } {
  if (rule.freshFrom === rule.today) return { day: rule.today, reason: 'süresi geçmiş ürün yüklenemez' };
  return { day: rule.freshFrom, reason: shelfLifeWish(rule) };
}

const shelfLifeWish = (rule: ShelfLifeRule) =>
  `'${rule.buyerTitle}' müşterisi teslimde en az ${rule.minDays} gün raf ömrü istiyor; son kullanma tarihi en erken ${shownLotDay(rule.freshFrom)} olmalı`;

const NOTHING_LOADED = 'Hiçbir şey yüklenmedi.';

/** The refusal of a chosen lot that may not be loaded for the order; undefined when it may. */
function unfitLot(lot: LotRow, rule: ShelfLifeRule): string | undefined {
  const fitness = fitnessOf(lot.expiry_date, rule);
  if (fitness === 'FIT') return undefined;
  const named = `${lotLabel({ code: lot.code, expiryDate: lot.expiry_date })} partisi yüklenemez`;
  if (fitness === 'EXPIRED') {
    return `${named}: son kullanma tarihi ${shownLotDay(lot.expiry_date!)}, süresi geçmiş ürün araca yüklenemez. ${NOTHING_LOADED}`;
  }
  return `${named}: ${shelfLifeWish(rule)}. ${NOTHING_LOADED}`;
}

type LotRow = { id: number; product_item_id: number; code: string; expiry_date: string | null };

/** A bundle line of the item, as the load takes it. */
export type BundleItem = { product_item_id: number; quantity: number; name: string };

/** Pieces of one lot the clerk chose for one bundle item. */
export type LotPick = { productItemId: number; lotId: number; quantity: number };

/**
 * Checks the lots a warehouse row chose: each known (404), of an item of the bundle (422), one the order
 * may take (409, naming the lot, its date and the reason), and per item of the bundle they name, as many
 * pieces as the row's pieces take of it (422). Items the row names no lot of are taken FEFO.
 */
export async function checkChosenLots(
  tx: Tx,
  row: { pieces: number; lots: { lotId: number; quantity: number }[]; field: string },
  bundle: readonly BundleItem[],
  rule: ShelfLifeRule,
): Promise<LotPick[]> {
  if (row.lots.length === 0) return [];
  const found = await rowsOf<LotRow>(
    tx,
    sql`select id, product_item_id, code, expiry_date::text as expiry_date from lots
         where id = any(${sql.param(row.lots.map((lot) => lot.lotId))}::int[])`,
  );
  const picks = row.lots.map((chosen, index) => {
    const lot = found.find((one) => one.id === chosen.lotId);
    const field = `${row.field}.lots[${index}].lotId`;
    if (!lot) throw new AppError('NOT_FOUND', `Parti bulunamadı: ${chosen.lotId}.`, field);
    if (!bundle.some((line) => line.product_item_id === lot.product_item_id)) {
      throw new AppError(
        'BUSINESS_RULE',
        `${lotLabel({ code: lot.code, expiryDate: lot.expiry_date })} partisi bu ürünün içeriğindeki bir ürünün partisi değil.`,
        field,
      );
    }
    const refusal = unfitLot(lot, rule);
    if (refusal) throw conflict(refusal);
    return { productItemId: lot.product_item_id, lotId: lot.id, quantity: chosen.quantity };
  });
  for (const line of bundle) {
    const mine = picks.filter((pick) => pick.productItemId === line.product_item_id);
    if (mine.length === 0) continue;
    const chosen = mine.reduce((sum, pick) => sum + pick.quantity, 0);
    const needed = row.pieces * line.quantity;
    if (chosen !== needed) {
      throw new AppError(
        'BUSINESS_RULE',
        `'${line.name}' için seçilen partilerin toplamı ${chosen} adet; ${row.pieces} adet ürün için ${needed} adet gerekir.`,
        `${row.field}.lots`,
      );
    }
  }
  return picks;
}

type ShelfLotRow = {
  product_item_id: number;
  lot_id: number;
  code: string;
  expiry_date: string | null;
  production_date: string | null;
  quantity: number;
};

/**
 * `GET /orders/{o}/order-item/{i}/lot-plan?warehouse=&quantity=`: per item of the bundle as ordered,
 * every lot of it on the warehouse's shelf in FEFO order (the stock engine's: earliest expiry first, the
 * undated lot last), whether the order may take it, and what FEFO would take for `quantity` pieces.
 */
export async function lotPlanOf(
  db: Db,
  input: { orderId: number; itemId: number; warehouse: string; quantity: number },
): Promise<LotPlan> {
  const [item] = await rowsOf<{
    bundle_snapshot_id: number;
    buyer_id: number;
    planned_shipment_date: string | null;
  }>(
    db,
    sql`select oi.bundle_snapshot_id, o.buyer_id, o.planned_shipment_date::text as planned_shipment_date
          from order_items oi join orders o on o.id = oi.order_id
         where oi.id = ${input.itemId} and oi.order_id = ${input.orderId}`,
  );
  if (!item) throw notFound('Sipariş kalemi bulunamadı.');
  const [warehouse] = await rowsOf<{ id: number; name: string; short_name: string }>(
    db,
    sql`select id, name, short_name from warehouses where name = ${input.warehouse}`,
  );
  if (!warehouse) throw new AppError('NOT_FOUND', `Depo bulunamadı: ${input.warehouse}.`, 'warehouse');
  const rule = await shelfLifeRuleOf(db, item);
  const bundle = await rowsOf<BundleItem>(
    db,
    sql`select pb.product_item_id, pb.quantity, i.name
          from bundle_snapshot_lines pb join product_items i on i.id = pb.product_item_id
         where pb.snapshot_id = ${item.bundle_snapshot_id} and pb.quantity > 0
         order by pb.id`,
  );
  const shelf = await rowsOf<ShelfLotRow>(
    db,
    sql`select ls.product_item_id, ls.lot_id, ls.lot_code as code, ls.expiry_date::text as expiry_date,
               ls.production_date::text as production_date, ls.quantity
          from lot_stocks ls
         where ls.warehouse_id = ${warehouse.id} and ls.quantity > 0
           and ls.product_item_id = any(${sql.param(bundle.map((line) => line.product_item_id))}::int[])
         order by ls.expiry_date nulls last, ls.lot_id`,
  );
  let enough = true;
  const items: LotPlanItem[] = bundle.map((line) => {
    const needed = input.quantity * line.quantity;
    let left = needed;
    const lots = shelf
      .filter((lot) => lot.product_item_id === line.product_item_id)
      .map((lot) => {
        const fitness = fitnessOf(lot.expiry_date, rule);
        const take = fitness === 'FIT' ? Math.min(left, lot.quantity) : 0;
        left -= take;
        return {
          lotId: lot.lot_id,
          productItemId: lot.product_item_id,
          code: lot.code,
          expiryDate: lot.expiry_date,
          productionDate: lot.production_date,
          onHand: lot.quantity,
          take,
          fitness,
        };
      });
    if (left > 0) enough = false;
    return { productItemId: line.product_item_id, name: line.name, perPiece: line.quantity, needed, lots };
  });
  return {
    warehouse: warehouse.name,
    warehouseLabel: warehouse.short_name,
    quantity: input.quantity,
    freshFrom: rule.freshFrom,
    minRemainingShelfLifeDays: rule.minDays,
    enough,
    items,
  };
}
