/**
 * Orders are read by several screens: order review, warehouse operations and load acceptance. A
 * warehouse step or a load changes them all, so their key lives here.
 */
export const ORDERS_KEY = ['orders'] as const;
/** The stock screens' key (features/stock): a load moves stock lines, history and occupancy. */
export const STOCK_KEY = ['stock'] as const;
