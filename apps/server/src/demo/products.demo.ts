import {
  CreateProductItemBody,
  type PackagingType,
  type PackagingUnitType,
  type WarehouseStockType,
} from '@mandira/contract/products';
import { CreateProductBody } from '@mandira/contract/sellable-products';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { SYSTEM_ACTOR } from '../http/auth.ts';
import { createProductItem } from '../modules/products/product-item.service.ts';
import { fetchErpProductItems, synchronizeProductItems } from '../modules/products/product-sync.service.ts';
import { createProduct } from '../modules/products/sellable-product.service.ts';

type Item = z.input<typeof CreateProductItemBody>;

function item(
  stockCode: string,
  name: string,
  barcode: string,
  packagingType: PackagingType,
  packagingUnitType: PackagingUnitType,
  packagingUnitTypeAmount: number,
  [width, length, height]: [number, number, number],
  quantityInBox: number,
  warehouseStockType: WarehouseStockType = 'FOODS',
): Item {
  const fields = { stockCode, name, barcode, packagingType, packagingUnitType, packagingUnitTypeAmount };
  return { ...fields, width, length, height, quantityInBox, warehouseStockType, notes: '' };
}

/** A dairy's catalogue: cheeses, yoghurt, ayran, butter and milk in the packagings it sells. */
const ITEMS: Item[] = [
  item(
    'BYZ-1500',
    'Tam Yağlı Beyaz Peynir',
    '8690001015008',
    'PLASTIC_PACKAGE',
    'GRAM',
    1500,
    [20, 12, 8],
    6,
  ),
  item('BYZ-500', 'Tam Yağlı Beyaz Peynir', '8690001005009', 'VACUUM_PACKAGE', 'GRAM', 500, [14, 9, 5], 12),
  item('BYZ-17KG', 'Teneke Beyaz Peynir', '8690001170004', 'METAL_PACKAGE', 'KILOGRAM', 17, [24, 24, 35], 1),
  item('KSR-700', 'Taze Kaşar Peyniri', '8690001070007', 'VACUUM_PACKAGE', 'GRAM', 700, [18, 10, 6], 10),
  item('KSR-400', 'Eski Kaşar Peyniri', '8690001040000', 'VACUUM_PACKAGE', 'GRAM', 400, [15, 9, 5], 12),
  item(
    'TLM-1KG',
    'Erzincan Tulum Peyniri',
    '8690001100001',
    'PLASTIC_PACKAGE',
    'KILOGRAM',
    1,
    [16, 16, 9],
    8,
  ),
  item('LOR-500', 'Lor Peyniri', '8690001205003', 'NYLON_PACKAGE', 'GRAM', 500, [15, 10, 6], 12),
  item('YGT-3KG', 'Tam Yağlı Yoğurt', '8690001300005', 'PLASTIC_PACKAGE', 'KILOGRAM', 3, [22, 22, 14], 4),
  item('YGT-1500', 'Süzme Yoğurt', '8690001301507', 'PLASTIC_PACKAGE', 'GRAM', 1500, [18, 18, 10], 6),
  item('AYR-1L', 'Ayran', '8690001401009', 'BOTTLE', 'LITERS', 1, [8, 8, 24], 12),
  item('AYR-300', 'Ayran', '8690001400309', 'PLASTIC_PACKAGE', 'MILLILITERS', 300, [7, 7, 10], 20),
  item('TRY-500', 'Köy Tereyağı', '8690001500504', 'OTHER', 'GRAM', 500, [12, 8, 5], 20),
  item('TRY-1KG', 'Köy Tereyağı', '8690001510008', 'PLASTIC_PACKAGE', 'KILOGRAM', 1, [16, 10, 7], 10),
  item('SUT-1L', 'Pastörize Tam Yağlı Süt', '8690001601003', 'BOTTLE', 'LITERS', 1, [8, 8, 25], 12),
  item('KYM-200', 'Manda Kaymağı', '8690001700201', 'PLASTIC_PACKAGE', 'GRAM', 200, [10, 10, 4], 24),
  item(
    'KOL-12',
    'Oluklu Koli (12 bölmeli)',
    '8690001900120',
    'QUANTITY',
    'QUANTITY',
    1,
    [40, 30, 25],
    0,
    'SUPPLIES',
  ),
  item(
    'ETK-1000',
    'Ürün Etiketi Rulosu',
    '8690001901004',
    'OTHER',
    'QUANTITY',
    1000,
    [12, 12, 10],
    0,
    'SUPPLIES',
  ),
];

type Bundle = [stockCode: string, quantity: number][];
const PRODUCTS: (Omit<CreateProductBody, 'productBundle'> & { bundle: Bundle })[] = [
  {
    name: 'Beyaz Peynir 1500 gr',
    stockCode: 'SP-BYZ-1500',
    price: 420,
    quantityInsideBox: 6,
    bundle: [['BYZ-1500', 1]],
  },
  {
    name: 'Beyaz Peynir 500 gr',
    stockCode: 'SP-BYZ-500',
    price: 150,
    quantityInsideBox: 12,
    bundle: [['BYZ-500', 1]],
  },
  {
    name: 'Teneke Beyaz Peynir 17 kg',
    stockCode: 'SP-BYZ-17KG',
    price: 3950,
    onlineListingAvailable: 0,
    quantityInsideBox: 1,
    bundle: [['BYZ-17KG', 1]],
  },
  {
    name: 'Taze Kaşar 700 gr',
    stockCode: 'SP-KSR-700',
    price: 310,
    quantityInsideBox: 10,
    bundle: [['KSR-700', 1]],
  },
  {
    name: 'Süzme Yoğurt 1500 gr',
    stockCode: 'SP-YGT-1500',
    price: 165,
    quantityInsideBox: 6,
    bundle: [['YGT-1500', 1]],
  },
  { name: 'Ayran 1 Lt', stockCode: 'SP-AYR-1L', price: 38, quantityInsideBox: 12, bundle: [['AYR-1L', 1]] },
  {
    name: "Ayran 300 ml 20'li",
    stockCode: 'SP-AYR-300-20',
    price: 260,
    discount: 20,
    quantityInsideBox: 1,
    bundle: [['AYR-300', 20]],
  },
  {
    name: 'Köy Tereyağı 1 kg',
    stockCode: 'SP-TRY-1KG',
    price: 540,
    quantityInsideBox: 10,
    bundle: [['TRY-1KG', 1]],
  },
  {
    name: 'Kahvaltılık Set',
    stockCode: 'SP-KAHVALTI',
    price: 690,
    discount: 40,
    truckShippingAvailable: 0,
    quantityInsideBox: 4,
    notes: 'Beyaz peynir, eski kaşar, tereyağı ve kaymak bir arada.',
    bundle: [
      ['BYZ-500', 1],
      ['KSR-400', 1],
      ['TRY-500', 1],
      ['KYM-200', 2],
    ],
  },
];

const ERP_SAMPLE = new URL('../../../../docs/erp-sample.json', import.meta.url);

/** Items and sellable products through the services, then the sample ERP file into the approval queue. */
export async function seedProductsDemo(db: Db): Promise<void> {
  const ids = new Map<string, number>();
  for (const entry of ITEMS) {
    const body = CreateProductItemBody.parse(entry);
    const created = await db.transaction((tx) => createProductItem(tx, SYSTEM_ACTOR, body));
    ids.set(created.stockCode, created.id);
  }
  for (const { bundle, ...product } of PRODUCTS) {
    const productBundle = bundle.map(([code, quantity]) => ({ productItemId: ids.get(code)!, quantity }));
    // Parsing applies the form's defaults exactly as a request would.
    const body = CreateProductBody.parse({ ...product, productBundle });
    await db.transaction((tx) => createProduct(tx, SYSTEM_ACTOR, body));
  }
  const records = await fetchErpProductItems({ source: ERP_SAMPLE.href, timeoutMs: 10_000 });
  await db.transaction((tx) => synchronizeProductItems(tx, SYSTEM_ACTOR, records));
}
