import type { KeptFigure } from './db/kept-figure.ts';
import { BUYER_BALANCES, BUYER_DAY_SUMS, ORDER_SETTLED_AMOUNT } from './modules/accounting/kept-figures.ts';
import { SHIPMENT_LOAD_FIGURES } from './modules/load-figures/kept-figures.ts';
import { MILK_DELIVERY_DAYS } from './modules/milk/kept-figures.ts';
import {
  ORDER_DAY_COUNTS,
  ORDER_DEALT_TOTAL,
  ORDER_ITEM_LOADED_PIECES,
  ORDER_SPANS,
  ORDER_STAGES,
  ORDER_VIEW_COUNTS,
  PRODUCT_RESERVATIONS,
  SNAPSHOT_RESERVATIONS,
} from './modules/orders/kept-figures.ts';
import { PRODUCT_ITEM_COUNT } from './modules/products/kept-figures.ts';
import { SHIPMENT_DAY_COUNTS } from './modules/shipments/kept-figures.ts';
import { STOCK_HISTORY_DAY_COUNTS, STOCK_HISTORY_HOUR_COUNTS } from './modules/stock/kept-figures.ts';

/**
 * Every figure the writes keep (docs/domain/kept-figures.md), in the order a recount must run: the
 * items' loaded pieces before the reservations and dealt totals that read them, the dealt totals before
 * the balances and day sums summed from them, an order's stages before the screens' counts that read
 * them. The stock ledger (a line = Σ its lots = Σ its history) is kept by the movement itself and checked by its own tests and bench/harness/ledger.ts.
 */
export const KEPT_FIGURES: readonly KeptFigure[] = [
  ORDER_ITEM_LOADED_PIECES,
  ORDER_DEALT_TOTAL,
  BUYER_BALANCES,
  BUYER_DAY_SUMS,
  ORDER_SETTLED_AMOUNT,
  PRODUCT_RESERVATIONS,
  SNAPSHOT_RESERVATIONS,
  ORDER_STAGES,
  ORDER_VIEW_COUNTS,
  ORDER_DAY_COUNTS,
  ORDER_SPANS,
  SHIPMENT_LOAD_FIGURES,
  SHIPMENT_DAY_COUNTS,
  PRODUCT_ITEM_COUNT,
  MILK_DELIVERY_DAYS,
  STOCK_HISTORY_DAY_COUNTS,
  STOCK_HISTORY_HOUR_COUNTS,
];
