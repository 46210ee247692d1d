import type { Access } from './roles.ts';

/**
 * The screens that exist, in menu order: route, menu group and the privilege that opens them.
 * The server builds the menu from this table and the web builds its routes from it, so a screen
 * appears in the menu only once it is listed here.
 */
export type Screen = {
  key: string;
  /** The first path is the one the menu links to; the rest are aliases that open the same screen. */
  paths: readonly string[];
  label: string;
  groupName: string;
  /**
   * Who may open it: a privilege, or several, any one of which opens it. With several, the first is
   * the one that may act on the screen; the others open it to read (shipping staff read the shipment
   * list that the load-acceptance screen returns to).
   */
  access: Access | readonly [Access, ...Access[]];
  /** Screens reached from another screen (with a query parameter) stay out of the menu. */
  inMenu?: boolean;
};

export const SCREENS = [
  {
    key: 'dashboard',
    paths: ['/dashboard'],
    label: 'Ana Sayfa',
    groupName: 'Genel',
    access: 'AUTH_ANY_ROLE',
  },
  {
    key: 'users',
    paths: ['/user-management', '/kullanici-yonetimi'],
    label: 'Kullanıcı Yönetimi',
    groupName: 'Yönetim',
    access: 'USER_MANAGEMENT',
  },
  {
    // Also opened from a record's 'Geçmiş' drawer, filtered by `?entityType=&entityId=`.
    key: 'audit',
    paths: ['/islem-gecmisi'],
    label: 'İşlem Geçmişi',
    groupName: 'Yönetim',
    access: 'AUDIT_VIEW',
  },
  {
    key: 'product-items',
    paths: ['/product-item'],
    label: 'Depolanabilir Ürünler',
    groupName: 'Ürünler',
    access: 'PRODUCT_ITEM_MANAGEMENT',
  },
  {
    key: 'product-approval',
    paths: ['/onay-bekleyen-urunler'],
    label: 'Ürün Onayı',
    groupName: 'Ürünler',
    access: 'PRODUCT_APPROVAL',
  },
  {
    key: 'sellable-products',
    paths: ['/satis-urun-yonetimi'],
    label: 'Satılabilir Ürünler',
    groupName: 'Ürünler',
    // Every signed-in user reads the list; only the managing privilege adds and edits (decision 104).
    access: ['SELLABLE_PRODUCT_MANAGEMENT', 'AUTH_ANY_ROLE'],
  },
  {
    key: 'buyers',
    paths: ['/buyer-management', '/musteri-yonetimi'],
    label: 'Müşteri Yönetimi',
    groupName: 'Müşteriler',
    access: 'BUYER_MANAGEMENT',
  },
  {
    key: 'buyer-approval',
    paths: ['/buyer-approval'],
    label: 'Müşteri Onayı',
    groupName: 'Müşteriler',
    access: 'BUYER_APPROVAL',
  },
  {
    key: 'buyer-warehouses',
    paths: ['/buyer-warehouse-management'],
    label: 'Müşteri Deposu Yönetimi',
    groupName: 'Müşteriler',
    access: 'BUYER_WAREHOUSE_MANAGEMENT',
  },
  {
    key: 'warehouses',
    paths: ['/depo-yonetimi'],
    label: 'Depo Yönetimi',
    groupName: 'Depo ve Stok',
    access: 'WAREHOUSE_MANAGEMENT',
  },
  {
    key: 'stock-management',
    paths: ['/stok-yonetimi'],
    label: 'Stok Yönetimi',
    groupName: 'Depo ve Stok',
    access: 'STOCK_MANAGEMENT',
  },
  {
    key: 'goods-in-out',
    paths: ['/mal-giris-cikis-yonetimi'],
    label: 'Mal Giriş Çıkış',
    groupName: 'Depo ve Stok',
    access: 'GOODS_IN_OUT',
  },
  {
    // A near-identical copy with a reduced table and no stock columns, for quick entry.
    key: 'goods-in-out-compact',
    paths: ['/mal-giris-cikis-yonetimi-2'],
    label: 'Mal Giriş Çıkış (Sade)',
    groupName: 'Depo ve Stok',
    access: 'GOODS_IN_OUT',
  },
  {
    key: 'stock-history',
    paths: ['/stok-gecmisi'],
    label: 'Stok Geçmişi',
    groupName: 'Depo ve Stok',
    // No privilege of its own: every signed-in user reads it (decision 104).
    access: 'AUTH_ANY_ROLE',
  },
  {
    // Recall: which buyers got a lot, where the rest lies (decision 153). Read-only; the warehouse
    // (stock and goods screens) and the back office that calls the buyers open it. Also opened from the
    // expiry work cards, filtered by `?expiringWithinDays=` or `?expired=true`.
    key: 'lots',
    paths: ['/parti-takibi'],
    label: 'Parti Takibi',
    groupName: 'Depo ve Stok',
    access: ['STOCK_MANAGEMENT', 'GOODS_IN_OUT', 'SHIPMENT_MANAGEMENT'],
  },
  {
    key: 'warehouse-orders',
    paths: ['/depo-siparis-yonetimi'],
    label: 'Depo Sipariş Yönetimi',
    groupName: 'Depo ve Stok',
    access: 'WAREHOUSE_OPERATIONS',
  },
  {
    key: 'order-taking',
    paths: ['/siparis-sepeti-olusturma'],
    label: 'Sipariş Sepeti Oluşturma',
    groupName: 'Satış',
    access: 'ORDER_TAKING',
  },
  {
    key: 'baskets',
    paths: ['/siparis-sepetleri'],
    label: 'Sipariş Sepetleri',
    groupName: 'Satış',
    access: 'BASKET_MANAGEMENT',
  },
  {
    key: 'orders',
    paths: ['/siparisler'],
    label: 'Siparişler',
    groupName: 'Satış',
    access: 'ORDER_REVIEW',
  },
  {
    key: 'shipments',
    paths: ['/sevkiyat-yonetimi'],
    label: 'Sevkiyat Yönetimi',
    groupName: 'Sevkiyat',
    access: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE'],
  },
  {
    key: 'vehicles',
    paths: ['/arac-yonetimi'],
    label: 'Araç Yönetimi',
    groupName: 'Sevkiyat',
    access: 'VEHICLE_MANAGEMENT',
  },
  {
    key: 'drivers',
    paths: ['/sofor-yonetimi'],
    label: 'Sürücü Yönetimi',
    groupName: 'Sevkiyat',
    access: 'DRIVER_MANAGEMENT',
  },
  {
    // Also opened from 'Hesap Özeti' on the buyer list, with the buyer in `?buyerId=`.
    key: 'buyer-accounting',
    paths: ['/musteri-finans-yonetimi'],
    label: 'Müşteri Finans Yönetimi',
    groupName: 'Finans',
    // The customer screen's owner reads the account; paying stays with ACCOUNTING (decision 104).
    access: ['ACCOUNTING', 'BUYER_MANAGEMENT'],
  },
  {
    key: 'milk-vehicles',
    paths: ['/sut-araci-yonetimi'],
    label: 'Süt Araçları Yönetimi',
    groupName: 'Süt Toplama',
    access: 'MILK_VEHICLE_MANAGEMENT',
  },
  {
    key: 'milk-drivers',
    paths: ['/sut-araci-sofor-yonetimi'],
    label: 'Süt Aracı Şoför Yönetimi',
    groupName: 'Süt Toplama',
    access: 'MILK_DRIVER_MANAGEMENT',
  },
  {
    key: 'milk-deliveries',
    paths: ['/sut-girisi'],
    label: 'Süt Teslimatı Girişi',
    groupName: 'Süt Toplama',
    access: 'MILK_DELIVERY_MANAGEMENT',
  },
  {
    // Reached from the shipment list with ?orderShipmentId=, so not in the menu. Shipping
    // staff accept or reject the loads; the back office reads what is on the truck.
    key: 'shipment-contents',
    paths: ['/sevkiyat-siparis-yonetimi'],
    label: 'Sevkiyat Yük Kabulü',
    groupName: 'Sevkiyat',
    access: ['SHIPMENT_LOAD_ACCEPTANCE', 'SHIPMENT_MANAGEMENT'],
    inMenu: false,
  },
] as const satisfies readonly Screen[];

export type ScreenKey = (typeof SCREENS)[number]['key'];

export function screenByKey(key: ScreenKey): Screen {
  return SCREENS.find((screen) => screen.key === key)!;
}

export const FALLBACK_MENU_GROUP = 'Diğer';
