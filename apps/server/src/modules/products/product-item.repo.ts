import { todayInIstanbul } from '@mandira/contract/lots';
import { isPaged } from '@mandira/contract/paging';
import {
  isAllFilter,
  PACKAGING_TYPE_LABELS,
  type PackagingType,
  ProductItem,
  type ProductItemFilters,
  ProductItemPage,
  type ProductItemQuery,
} from '@mandira/contract/products';
import { boxesOf } from '@mandira/contract/stock';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, perDatabase, type Tx } from '../../db/client.ts';
import { productItemCount, productItems, stockLines } from '../../db/schema.ts';
import { turkishContains } from '../../db/turkish-search.ts';
import { answerWriterOf } from '../../http/answer-serializer.ts';
import { notFound } from '../../http/errors.ts';
import { WrittenJson } from '../../http/written-json.ts';
import { itemFrozenSql } from './item-freeze.ts';
import {
  itemStockTotalSql,
  qualified,
  stockLinesByItem,
  stockLinesOf,
  type WarehouseName,
  writtenStockLinesSql,
} from './item-stock.ts';

const {
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  updatedBy: _updatedBy,
  ...itemColumns
} = getTableColumns(productItems);

/** An item's columns with its frozen flag and its pieces on hand (in the warehouse placeholder's). */
function itemFields(byWarehouse: boolean | undefined) {
  return {
    ...itemColumns,
    frozen: itemFrozenSql(productItems.id),
    totalStockQuantity: itemStockTotalSql(
      productItems.id,
      byWarehouse ? sql.placeholder('warehouseName') : undefined,
    ),
  };
}

/** A page's item with its stock lines as the answer writes them (`writtenStockLinesSql`). */
function writtenLinesOf(warehouseName: WarehouseName | undefined, today: string | Placeholder) {
  return writtenStockLinesSql(productItems.id, productItems, today, warehouseName);
}

/** The packaging group and stock type filters of a prepared statement, as placeholders. */
function filteredSql(packagingGroup?: boolean, warehouseStockType?: boolean): SQL | undefined {
  return and(
    packagingGroup ? eq(productItems.packagingGroup, sql.placeholder('packagingGroup')) : undefined,
    warehouseStockType
      ? eq(productItems.warehouseStockType, sql.placeholder('warehouseStockType'))
      : undefined,
  );
}

/**
 * One prepared item statement per filter shape, the key saying which filters a call carries (1 or 0 for
 * id, packaging group, stock type and warehouse), built once per database; the lines come from
 * `stockLinesOf`.
 */
const itemListOf = perDatabase((db, key) => {
  const [id, packagingGroup, warehouseStockType, byWarehouse] = [...key].map((on) => on === '1');
  return db
    .select(itemFields(byWarehouse))
    .from(productItems)
    .where(
      and(
        id ? eq(productItems.id, sql.placeholder('id')) : undefined,
        filteredSql(packagingGroup, warehouseStockType),
      ),
    )
    .orderBy(asc(productItems.stockCode))
    .prepare(`product_items_${key}`);
});

/**
 * A page of the catalogue without a search text, the screens' common read: one prepared statement per
 * filter shape (1 or 0 for packaging group, stock type and warehouse), so it is planned once per
 * connection and not on every page. The page's ids are chosen first, so the stock figures are computed
 * for its own rows only, not for every row its offset skips; `= any(array(…))` looks them up by the
 * primary key, where `in (subquery)` may hash-join the whole catalogue.
 */
const itemPageOf = perDatabase((db, key) => {
  const [packagingGroup, warehouseStockType, byWarehouse] = [...key].map((on) => on === '1');
  const pageIds = db
    .select({ id: productItems.id })
    .from(productItems)
    .where(filteredSql(packagingGroup, warehouseStockType))
    .orderBy(asc(productItems.stockCode))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return db
    .select({
      ...itemFields(byWarehouse),
      stocks: writtenLinesOf(
        byWarehouse ? sql.placeholder('warehouseName') : undefined,
        sql.placeholder('today'),
      ),
    })
    .from(productItems)
    .where(sql`${productItems.id} = any(array(${pageIds}))`)
    .orderBy(asc(productItems.stockCode))
    .prepare(`product_item_written_page_${key}`);
});

type ItemRow = Omit<ProductItem, 'boxQuantity' | 'stocks' | 'packagingGroup'> & {
  packagingGroup: string | null;
};

/** An item row of a page, its stock lines written by the statement (`writtenStockLinesSql`). */
type PageItemRow = ItemRow & { stocks: string };

/**
 * The item rows with their stock lines (of the named warehouse only when one is given); one item with
 * every lot of its lines, a list with each line's first lots (decision 170).
 */
async function withStockLines(
  db: Db | Tx,
  rows: ItemRow[],
  warehouseName: string | undefined,
  allLots: boolean,
): Promise<ProductItem[]> {
  if (rows.length === 0) return [];
  const lines = stockLinesByItem(
    await stockLinesOf(
      db,
      rows.map((row) => row.id),
      warehouseName,
      allLots,
    ),
    new Map(rows.map((row) => [row.id, row])),
  );
  return rows.map((row) => ({
    ...row,
    packagingGroup: row.packagingGroup ?? '',
    boxQuantity: boxesOf(row.totalStockQuantity, row.quantityInBox) ?? 0,
    stocks: lines.get(row.id) ?? [],
  }));
}

/** The stock screens' three filters (packaging group, stock type, warehouse), empty or 'all' meaning all. */
function filtersOf(query: ProductItemFilters) {
  return {
    packagingGroup: isAllFilter(query.packagingGroup) ? undefined : query.packagingGroup,
    warehouseStockType: isAllFilter(query.warehouseStockType) ? undefined : query.warehouseStockType,
    warehouseName: isAllFilter(query.warehouseName) ? undefined : query.warehouseName,
  };
}

/**
 * Items with their stock figures; the stock screens' filters, each empty (or 'all') meaning all. Every
 * screen reads this list after each movement, so its two statements are prepared: built once, and
 * planned once per database connection.
 */
export async function findProductItems(
  db: Db | Tx,
  query: ProductItemFilters = {},
  id?: number,
): Promise<ProductItem[]> {
  // In the order of the statement key.
  const filters = { id, ...filtersOf(query) };
  const list = itemListOf(
    db,
    Object.values(filters)
      .map((value) => (value === undefined ? 0 : 1))
      .join(''),
  );
  return withStockLines(db, await list.execute(filters), filters.warehouseName, id !== undefined);
}

const DEFAULT_PAGE_SIZE = 50;

/**
 * What the catalogue's search box finds: the stock code, name, barcode or packaging group containing the
 * text, or a packaging type whose Turkish label does ('şişe' finds the bottles), as the table showed.
 */
function searchedSql(q: string): SQL {
  const needle = q.toLocaleLowerCase('tr-TR');
  const types = Object.entries(PACKAGING_TYPE_LABELS)
    .filter(([, label]) => label.toLocaleLowerCase('tr-TR').includes(needle))
    .map(([type]) => type as PackagingType);
  const texts = [
    productItems.stockCode,
    productItems.name,
    productItems.barcode,
    productItems.packagingGroup,
  ];
  return or(
    turkishContains(
      texts.map((column) => qualified(column)),
      q,
    ),
    types.length > 0 ? inArray(productItems.packagingType, types) : undefined,
  )!;
}

type ItemSearch = {
  filters: ProductItemFilters;
  q?: string | undefined;
  /** The items of these stock lines, each once. */
  lineIds?: readonly number[];
  page?: { limit: number; offset: number };
};

/**
 * The items a search selects, by stock code: a statement built per call, its shapes being many. A
 * page's rows carry their stock lines as written JSON text (`stocks`).
 */
async function searchItemRows(
  db: Db | Tx,
  search: ItemSearch & { page: { limit: number; offset: number } },
): Promise<{ rows: PageItemRow[]; where: SQL | undefined }>;
async function searchItemRows(
  db: Db | Tx,
  search: ItemSearch,
): Promise<{ rows: ItemRow[]; where: SQL | undefined }>;
async function searchItemRows(
  db: Db | Tx,
  search: ItemSearch,
): Promise<{ rows: ItemRow[]; where: SQL | undefined }> {
  const { packagingGroup, warehouseStockType, warehouseName } = filtersOf(search.filters);
  const filters = { packagingGroup, warehouseStockType, warehouseName };
  const where = and(
    packagingGroup !== undefined ? eq(productItems.packagingGroup, packagingGroup) : undefined,
    warehouseStockType !== undefined
      ? eq(productItems.warehouseStockType, warehouseStockType as ProductItem['warehouseStockType'])
      : undefined,
    search.q ? searchedSql(search.q) : undefined,
    // Looked up by the primary key, as a page's ids are.
    search.lineIds
      ? sql`${qualified(productItems.id)} = any(array(select sl.product_item_id from ${stockLines} sl where sl.id = any(${sql.param([...search.lineIds])}::int[])))`
      : undefined,
  );
  if (search.page && !search.q && !search.lineIds) {
    const key = Object.values(filters)
      .map((value) => (value === undefined ? 0 : 1))
      .join('');
    const rows = await itemPageOf(db, key).execute({ ...filters, ...search.page, today: todayInIstanbul() });
    return { rows, where };
  }
  // A page's ids are chosen first, as in itemPageOf.
  const pageIds = search.page
    ? db
        .select({ id: productItems.id })
        .from(productItems)
        .where(where)
        .orderBy(asc(productItems.stockCode))
        .limit(search.page.limit)
        .offset(search.page.offset)
    : undefined;
  const fields = {
    ...itemColumns,
    frozen: itemFrozenSql(productItems.id),
    totalStockQuantity: itemStockTotalSql(productItems.id, warehouseName),
  };
  const rows = await db
    .select(pageIds ? { ...fields, stocks: writtenLinesOf(warehouseName, todayInIstanbul()) } : fields)
    .from(productItems)
    .where(pageIds ? sql`${productItems.id} = any(array(${pageIds}))` : where)
    // Stock codes are unique: their index gives the order and the page without a sort.
    .orderBy(asc(productItems.stockCode));
  return { rows, where };
}

/**
 * `GET /product-item`. Unpaged without `q`: the whole list through the prepared statements.
 * With `q`, or with `page` or `size`, the search and the page are chosen in SQL
 * (docs/decisions/0116-baskets-item-catalogue-page-search-sql-unpaged.md); the stock lines are read for
 * the page's items only.
 */
export async function listProductItems(
  db: Db,
  query: z.output<typeof ProductItemQuery>,
): Promise<ProductItem[] | WrittenJson<ProductItemPage>> {
  const { warehouseName } = filtersOf(query);
  if (!isPaged(query)) {
    if (!query.q) return findProductItems(db, query);
    return withStockLines(
      db,
      (await searchItemRows(db, { filters: query, q: query.q })).rows,
      warehouseName,
      false,
    );
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const { rows, where } = await searchItemRows(db, {
    filters: query,
    q: query.q,
    page: { limit: size, offset: (page - 1) * size },
  });
  // The whole catalogue is counted by the items' triggers (decision 164); a search or filter counts its
  // own matches.
  const [counted] = where
    ? await db.select({ count: count() }).from(productItems).where(where)
    : await db.select({ count: productItemCount.items }).from(productItemCount);
  const total = counted?.count ?? 0;
  const figures = { page, size, count: total, totalPages: Math.max(1, Math.ceil(total / size)) };
  return writtenPage(rows, figures);
}

const writeItem = answerWriterOf(ProductItem);
const writePage = answerWriterOf(ProductItemPage);
/** How a written item ends before its lines go in: `stocks` is the answer's last field. */
const NO_LINES_END = '"stocks":[]}';
/** How a written page begins before its items go in: `items` is the answer's first field. */
const NO_ITEMS_START = '{"items":[]';

/**
 * A page of the catalogue as the answer writes it: each item written through the answer's projection
 * with no lines, then its lines, written by the statement, put in their place (decision 183).
 */
function writtenPage(
  rows: readonly PageItemRow[],
  figures: Omit<ProductItemPage, 'items'>,
): WrittenJson<ProductItemPage> {
  const pieces = ['{"items":['];
  for (const [index, row] of rows.entries()) {
    const item = writeItem({
      ...row,
      packagingGroup: row.packagingGroup ?? '',
      boxQuantity: boxesOf(row.totalStockQuantity, row.quantityInBox) ?? 0,
      stocks: [],
    });
    if (!item.endsWith(NO_LINES_END)) throw new Error('an item answer no longer ends with its stock lines');
    pieces.push(index === 0 ? '' : ',', item.slice(0, -'[]}'.length), row.stocks, '}');
  }
  const page = writePage({ items: [], ...figures });
  if (!page.startsWith(NO_ITEMS_START)) throw new Error('a page answer no longer begins with its items');
  pieces.push(page.slice(NO_ITEMS_START.length - 1));
  return new WrittenJson(pieces);
}

/**
 * The items of the given stock lines with their stock figures (of the named warehouse), by stock code:
 * the line's item is found by the same statement (decision 183).
 */
export async function findProductItemsOfLines(
  db: Db | Tx,
  lineIds: readonly number[],
  filters: ProductItemFilters = {},
): Promise<ProductItem[]> {
  if (lineIds.length === 0) return [];
  const { rows } = await searchItemRows(db, {
    filters: { warehouseName: filters.warehouseName },
    lineIds: [...new Set(lineIds)],
  });
  return withStockLines(db, rows, filtersOf(filters).warehouseName, false);
}

export async function findProductItem(db: Db | Tx, id: number): Promise<ProductItem> {
  const [item] = await findProductItems(db, {}, id);
  if (!item) throw notFound('Ürün bulunamadı.');
  return item;
}
