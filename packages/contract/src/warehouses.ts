import { z } from 'zod';
import { atMostDecimals, NOT_A_NUMBER, optionalPhone, text } from './fields.ts';
import { EnumDescription } from './packaging.ts';

/** Own warehouse types; COLD_STORAGE is the default. */
export const WAREHOUSE_TYPE_LABELS = {
  COLD_STORAGE: 'Soğuk Hava Deposu',
  COLD_STORAGE_MINUS_18: 'Soğuk Hava Deposu (-18°C)',
  SOLID_STORAGE: 'Katı Ürün Deposu',
  LIQUID_STORAGE: 'Sıvı Ürün Deposu',
  MATERIAL_STORAGE: 'Malzeme Deposu',
} as const;
export type WarehouseType = keyof typeof WAREHOUSE_TYPE_LABELS;
export const WarehouseType = z.enum(
  Object.keys(WAREHOUSE_TYPE_LABELS) as [WarehouseType, ...WarehouseType[]],
);
export const DEFAULT_WAREHOUSE_TYPE: WarehouseType = 'COLD_STORAGE';

/** The own-warehouse map: 400px high, zoom 10, centred on Ankara. */
export const WAREHOUSE_MAP_CENTER = { latitude: 39.925533, longitude: 32.866287 } as const;
export const WAREHOUSE_MAP_ZOOM = 10;

/** An optional text up to `max` characters, trimmed; missing and null are both ''. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `En fazla ${max} karakter olabilir.`)
    .nullish()
    .transform((value) => value ?? '');

const coordinate = (min: number, max: number, label: string) =>
  z
    .number(NOT_A_NUMBER)
    .min(min, `${label} ${min} ile ${max} arasında olmalıdır.`)
    .max(max, `${label} ${min} ile ${max} arasında olmalıdır.`)
    .nullish()
    .transform((value) => value ?? null);

/** The create form: short name required, capacity ≥ 0, surface area ≥ 1 (docs/domain/stock.md). */
export const CreateWarehouseBody = z.object({
  shortName: text({ error: 'Kısa ad zorunludur.' }).trim().min(1, 'Kısa ad zorunludur.').max(100),
  description: optionalText(1000),
  address: optionalText(1000),
  phone: optionalPhone(40),
  capacityInM3: z
    .number(NOT_A_NUMBER)
    .min(0, 'Kapasite 0 veya daha büyük olmalıdır.')
    .max(10_000_000, 'Kapasite çok büyük.')
    .refine(...atMostDecimals(2))
    .nullish()
    .transform((value) => value ?? 0),
  warehouseType: WarehouseType.nullish().transform((value) => value ?? DEFAULT_WAREHOUSE_TYPE),
  surfaceAreaInSquareMeters: z
    .number(NOT_A_NUMBER)
    .min(1, 'Yüzey alanı en az 1 m² olmalıdır.')
    .max(10_000_000, 'Yüzey alanı çok büyük.')
    .refine(...atMostDecimals(2))
    .nullish()
    .transform((value) => value ?? 1),
  latitude: coordinate(-90, 90, 'Enlem'),
  longitude: coordinate(-180, 180, 'Boylam'),
});
export type CreateWarehouseBody = z.input<typeof CreateWarehouseBody>;

export const Warehouse = z
  .object({
    id: z.number().int().describe('The warehouse id: `warehouseId` of the stock lines.'),
    /** The stock location's code, DEPO{id}. */
    name: text().describe("The stock location's code, DEPO{id}."),
    shortName: text().describe("The name screens show, e.g. 'Depo-1'."),
    description: text(),
    address: text(),
    phone: text(),
    capacityInM3: z.number().describe('Cubic metres, two decimals; 0 when not known.'),
    warehouseType: WarehouseType,
    warehouseTypeDescription: EnumDescription,
    surfaceAreaInSquareMeters: z.number().describe('Square metres, two decimals.'),
    /** Stored volume (item size × pieces) ÷ capacity, in percent with two decimals; 0 without capacity. */
    estimatedOccupancyRate: z
      .number()
      .describe(
        'Stored volume (item size × pieces) ÷ capacity, in percent with two decimals; 0 without capacity.',
      ),
    latitude: z.number().nullable().describe('Degrees; null when not placed on the map.'),
    longitude: z.number().nullable().describe('Degrees; null when not placed on the map.'),
    createdAt: z.iso.datetime({ offset: true }).describe("ISO 8601 with Istanbul's offset."),
  })
  .meta({ id: 'OwnWarehouse', description: 'An own warehouse: a stock location named DEPO{id}.' });
/** `GET /warehouses`: by id. */
export const WarehouseList = z.array(Warehouse);
/** The dashboard's count of own warehouses. */
export const WarehouseCount = z.number().int().describe('How many own warehouses there are.');
/** The dashboard's count of stockable items with stock in some warehouse: goods have been entered. */
export const StockedItemCount = z
  .number()
  .int()
  .describe('How many stockable items have pieces in at least one own warehouse.');
export type Warehouse = z.infer<typeof Warehouse>;

/** A stock location as filters and tables name it: DEPO1 'Depo-1'. */
export const WarehouseName = z
  .object({
    id: z.number().int().describe('The warehouse id.'),
    name: text().describe('Its code, DEPO{id}: the value of the `warehouseName` filters.'),
    label: text().describe("Its short name, e.g. 'Depo-1'."),
  })
  .meta({ id: 'OwnWarehouseName' });
/** `GET /warehouses/names`: by id. */
export const WarehouseNameList = z.array(WarehouseName);
export type WarehouseName = z.infer<typeof WarehouseName>;
