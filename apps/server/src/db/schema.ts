// drizzle needs every table in one object; each area keeps its tables in its own file.
export * from './schema/access.ts';
export * from './schema/accounting.ts';
export * from './schema/audit.ts';
export * from './schema/buyers.ts';
export * from './schema/fleet.ts';
export * from './schema/loading.ts';
export * from './schema/loads.ts';
export * from './schema/milk.ts';
export * from './schema/orders.ts';
export * from './schema/products.ts';
export * from './schema/stock.ts';
