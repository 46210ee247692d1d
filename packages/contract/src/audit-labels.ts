import { USER_STATUS_LABELS } from './access.ts';
import { PAY_TYPE_LABELS, TRANSACTION_REASON_LABELS } from './accounting.ts';
import type { AuditEntityType } from './audit.ts';
import { FIELD_LABELS } from './field-labels.ts';
import { DRIVER_STATUS_LABELS, VEHICLE_STATUS_LABELS } from './fleet.ts';
import { ORDER_COLOR_LABELS } from './order-answers.ts';
import {
  ORDER_ACTION_LABELS,
  ORDER_CANCEL_ACTION_LABELS,
  ORDER_ITEM_ACTION_LABELS,
  ORDER_ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
} from './order-machines.ts';
import {
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  WAREHOUSE_STOCK_TYPE_LABELS,
} from './packaging.ts';
import { BUILT_IN_ROLES } from './roles.ts';
import { SHIPMENT_ACTION_LABELS, SHIPMENT_STATUS_LABELS } from './shipment-machine.ts';
import { STOCK_ACTION_LABELS } from './stock.ts';
import { WAREHOUSE_TYPE_LABELS } from './warehouses.ts';

/**
 * The audit trail's Turkish names (decision 144): what each kind of record, each action code, each
 * changed field and each stored code is called. The server puts them in every entry it answers
 * (`entityLabel`, `actionLabel`, `fieldLabel`, `beforeLabel` / `afterLabel`); the web shows those.
 */

/** What a record of each kind is called. */
export const AUDIT_ENTITY_LABELS = {
  ORDER: 'Sipariş',
  ORDER_ITEM: 'Sipariş Kalemi',
  BASKET: 'Sepet',
  SHIPMENT: 'Sevkiyat',
  SHIPMENT_LOAD: 'Sevkiyat Yükü',
  PAYMENT: 'Ödeme',
  BUYER: 'Müşteri',
  BUYER_WAREHOUSE: 'Müşteri Deposu',
  PRODUCT: 'Satılabilir Ürün',
  PRODUCT_ITEM: 'Depolanabilir Ürün',
  STOCK: 'Stok',
  WAREHOUSE: 'Depo',
  VEHICLE: 'Araç',
  DRIVER: 'Sürücü',
  MILK_VEHICLE: 'Süt Aracı',
  MILK_DRIVER: 'Süt Aracı Şoförü',
  MILK_DELIVERY: 'Süt Teslimatı',
  USER: 'Kullanıcı',
  ROLE: 'Rol',
} as const satisfies Record<AuditEntityType, string>;

/**
 * The writes that are not a state machine's step, named as what happened. They win over a machine's
 * button of the same code (the item machine's APPROVE is the button 'Onayla', CANCEL 'İptal Et').
 */
const NAMED_WRITE_LABELS = {
  CREATE: 'Oluşturma',
  UPDATE: 'Güncelleme',
  DELETE: 'Silme',
  APPROVE: 'Onay',
  CANCEL: 'İptal',
  ADD: 'Sepete Ekleme',
  PAY_ORDER: 'Ödeme',
  LOAD_ITEM_TO_TRUCK: 'Araca Yükleme',
  REVERSE_LOAD: 'Yüklemenin Geri Alınması',
  PLAN_SHIPMENT_VEHICLE: 'Araç Planlaması',
  ESTIMATE_PALETTE_COUNT: 'Palet Sayısı Tahmini',
  REGENERATE_PASSWORD: 'Yeni Şifre Oluşturma',
  ERP_SYNC: 'ERP Eşitlemesi',
} as const;

/**
 * Every action code the server records: the state machines' steps by their button, a stock movement
 * by its stock action, the other writes by what happened. `recordChange` takes only these codes, so
 * a new code cannot be recorded without its Turkish name.
 */
export const AUDIT_ACTION_LABELS = {
  ...ORDER_ITEM_ACTION_LABELS,
  ...ORDER_ACTION_LABELS,
  ...ORDER_CANCEL_ACTION_LABELS,
  ...SHIPMENT_ACTION_LABELS,
  ...STOCK_ACTION_LABELS,
  ...NAMED_WRITE_LABELS,
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/**
 * The changed fields' names: the forms' words (FIELD_LABELS), and the stored columns no form asks
 * for. `fieldsWithoutLabel` in the server's tests lists any recorded field missing here.
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  id: 'Kayıt no',
  action: 'İşlem',
  // orders and their items
  orderNumber: 'Sipariş no',
  buyerBranchId: 'Teslimat şubesi',
  dealtTotalPrice: 'Kesinleşen tutar',
  plannedVehicleId: 'Planlanan araç',
  estimatedPaletteCount: 'Tahmini palet sayısı',
  settledAmount: 'Ödenen tutar',
  completedAt: 'Tamamlanma zamanı',
  productName: 'Ürün adı',
  bundleSnapshotId: 'Paket içeriği sürümü',
  orderedQuantity: 'Sipariş edilen miktar',
  loadedQuantity: 'Yüklenen miktar',
  unitPrice: 'Birim fiyat',
  pieces: 'Adet',
  createdBy: 'Oluşturan',
  updatedBy: 'Güncelleyen',
  basketId: 'Sepet',
  // shipments
  code: 'Kod',
  title: 'Ünvan',
  routeIsEstimate: 'Rota tahmini mi',
  routeGeometry: 'Rota çizgisi',
  loadsAllAccepted: 'Tüm yükler kabul edildi',
  expectedWeightInTons: 'Beklenen ağırlık (ton)',
  expectedWeightComplete: 'Beklenen ağırlık tam',
  routeDistanceInMeters: 'Rota mesafesi (m)',
  routeDurationInSeconds: 'Rota süresi (sn)',
  loadCount: 'Yük sayısı',
  loadPieces: 'Yüklenen adet',
  stockLineId: 'Stok satırı',
  plannedPaletteCount: 'Planlanan palet sayısı',
  drivers: 'Sürücüler',
  statusDetail: 'Durum açıklaması',
  // users, buyers and warehouses
  registrationDate: 'Kayıt tarihi',
  fullName: 'Ad soyad',
  builtIn: 'Hazır rol',
  city: 'İl',
  estimatedOccupancyRate: 'Tahmini doluluk oranı',
  warehouseTypeDescription: 'Depo tipi açıklaması',
  buyerCode: 'Müşteri kodu',
};

/** A field holding another record's number: its value is shown as that record's name. */
export const AUDIT_REFERENCE_FIELDS: Readonly<Record<string, AuditEntityType>> = {
  buyerId: 'BUYER',
  buyerBranchId: 'BUYER_WAREHOUSE',
  buyerBranch: 'BUYER_WAREHOUSE',
  productId: 'PRODUCT',
  productItemId: 'PRODUCT_ITEM',
  productItemIds: 'PRODUCT_ITEM',
  warehouseId: 'WAREHOUSE',
  fromWarehouseId: 'WAREHOUSE',
  intermediateWarehouse1Id: 'BUYER_WAREHOUSE',
  intermediateWarehouse2Id: 'BUYER_WAREHOUSE',
  toWarehouseId: 'BUYER_WAREHOUSE',
  vehicleId: 'VEHICLE',
  plannedVehicleId: 'VEHICLE',
  driverId: 'DRIVER',
  driverIds: 'DRIVER',
  shipmentId: 'SHIPMENT',
  shippingId: 'SHIPMENT',
  orderShipmentId: 'SHIPMENT',
  targetShipmentId: 'SHIPMENT',
  orderId: 'ORDER',
  orderItemId: 'ORDER_ITEM',
  orderItemIds: 'ORDER_ITEM',
  stockLineId: 'STOCK',
  milkVehicleId: 'MILK_VEHICLE',
  milkVehicleDriverId: 'MILK_DRIVER',
  userAccessId: 'USER',
  createdBy: 'USER',
  updatedBy: 'USER',
  basketId: 'BASKET',
};

/** A status is stored as its code; each machine names its own statuses. */
const STATUS_LABELS_OF: Partial<Record<AuditEntityType, Readonly<Record<string, string>>>> = {
  ORDER: ORDER_STATUS_LABELS,
  ORDER_ITEM: ORDER_ITEM_STATUS_LABELS,
  SHIPMENT: SHIPMENT_STATUS_LABELS,
  VEHICLE: VEHICLE_STATUS_LABELS,
  DRIVER: DRIVER_STATUS_LABELS,
  USER: USER_STATUS_LABELS,
};

/** The other fields stored as a code, named the same on every record. */
export const AUDIT_CODE_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  payType: PAY_TYPE_LABELS,
  reason: TRANSACTION_REASON_LABELS,
  warehouseType: WAREHOUSE_TYPE_LABELS,
  packagingType: PACKAGING_TYPE_LABELS,
  packagingUnitType: PACKAGING_UNIT_TYPE_LABELS,
  warehouseStockType: WAREHOUSE_STOCK_TYPE_LABELS,
  colorGroup: ORDER_COLOR_LABELS,
  action: STOCK_ACTION_LABELS,
  stockOperationType: STOCK_ACTION_LABELS,
  roles: BUILT_IN_ROLES,
  role: BUILT_IN_ROLES,
};

/** The Turkish name of an action code; a code without one (an old entry) is shown as it is. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Readonly<Record<string, string>>)[action] ?? action;
}

/** The Turkish name of a changed field; a field without one keeps its key. */
export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}

/** The codes a field's values are among, on a record of this kind (a status by its own machine). */
export function auditCodesOf(
  field: string,
  entityType: AuditEntityType,
): Readonly<Record<string, string>> | undefined {
  return field === 'status' ? STATUS_LABELS_OF[entityType] : AUDIT_CODE_FIELDS[field];
}
