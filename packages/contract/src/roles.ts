import { z } from 'zod';

/** The twelve built-in roles of the portal (docs/domain/access.md), with their Turkish labels. */
export const BUILT_IN_ROLES = {
  SUPER_ADMIN: 'Süper Yönetici',
  BACKOFFICE_ADMIN: 'Ofis Yöneticisi',
  ACCOUNTING_MANAGER: 'Muhasebe Müdürü',
  FINANCE_ADMIN: 'Finans Yöneticisi',
  SALES_ADMIN: 'Satış Yöneticisi',
  WAREHOUSE_ADMIN: 'Depo Yöneticisi',
  FINANCE_STAFF: 'Finans Personeli',
  ORDER_MANAGER: 'Sipariş Yöneticisi',
  WAREHOUSE_STAFF: 'Depo Personeli',
  SHIPPING_STAFF: 'Sevkiyat Personeli',
  SECRETARY: 'Sekreter',
  AUTH_ANY_ROLE: 'Tüm Kullanıcılar',
} as const;
export type BuiltInRoleKey = keyof typeof BUILT_IN_ROLES;
export const SUPER_ADMIN_ROLE = 'SUPER_ADMIN' satisfies BuiltInRoleKey;
/** Any signed-in user holds this one implicitly. */
export const ANY_ROLE = 'AUTH_ANY_ROLE' satisfies BuiltInRoleKey;

/**
 * The privilege catalogue: one privilege per screen (and the API that screen uses).
 * `roles` are the built-in roles seeded with it (docs/domain/access.md, "Which role sees what").
 */
export const PRIVILEGES = {
  DASHBOARD: { label: 'Ana sayfa sayaçları', roles: ['BACKOFFICE_ADMIN'] },
  USER_MANAGEMENT: { label: 'Kullanıcı ve rol yönetimi', roles: ['BACKOFFICE_ADMIN'] },
  PRODUCT_ITEM_MANAGEMENT: { label: 'Depolanabilir ürünler', roles: ['SALES_ADMIN'] },
  PRODUCT_APPROVAL: { label: 'Ürün onayı', roles: ['SALES_ADMIN'] },
  SELLABLE_PRODUCT_MANAGEMENT: { label: 'Satılabilir ürünler', roles: ['SALES_ADMIN', 'ORDER_MANAGER'] },
  BUYER_MANAGEMENT: { label: 'Müşteri yönetimi', roles: ['ACCOUNTING_MANAGER'] },
  BUYER_APPROVAL: { label: 'Müşteri onayı', roles: ['ACCOUNTING_MANAGER'] },
  BUYER_WAREHOUSE_MANAGEMENT: { label: 'Müşteri deposu yönetimi', roles: ['BACKOFFICE_ADMIN'] },
  STOCK_MANAGEMENT: { label: 'Stok yönetimi ve sayım', roles: ['WAREHOUSE_ADMIN'] },
  WAREHOUSE_MANAGEMENT: { label: 'Depo yönetimi', roles: ['WAREHOUSE_ADMIN'] },
  GOODS_IN_OUT: { label: 'Mal giriş çıkış', roles: ['WAREHOUSE_STAFF'] },
  STOCK_HISTORY: { label: 'Stok geçmişi', roles: ['WAREHOUSE_ADMIN', 'WAREHOUSE_STAFF'] },
  ORDER_TAKING: { label: 'Sipariş sepeti oluşturma', roles: ['ORDER_MANAGER'] },
  BASKET_MANAGEMENT: { label: 'Sipariş sepetleri', roles: ['ORDER_MANAGER'] },
  ORDER_REVIEW: { label: 'Sipariş inceleme', roles: ['ORDER_MANAGER'] },
  WAREHOUSE_OPERATIONS: { label: 'Depo sipariş hazırlama ve yükleme', roles: ['WAREHOUSE_STAFF'] },
  SHIPMENT_LOAD_ACCEPTANCE: { label: 'Sevkiyat yük kabulü', roles: ['SHIPPING_STAFF'] },
  SHIPMENT_MANAGEMENT: { label: 'Sevkiyat yönetimi', roles: ['BACKOFFICE_ADMIN'] },
  VEHICLE_MANAGEMENT: { label: 'Araç yönetimi', roles: ['ORDER_MANAGER'] },
  DRIVER_MANAGEMENT: { label: 'Sürücü yönetimi', roles: ['ORDER_MANAGER'] },
  ACCOUNTING: { label: 'Müşteri finans yönetimi', roles: ['FINANCE_ADMIN'] },
  MILK_VEHICLE_MANAGEMENT: { label: 'Süt aracı yönetimi', roles: ['ORDER_MANAGER'] },
  MILK_DRIVER_MANAGEMENT: { label: 'Süt aracı şoför yönetimi', roles: ['ORDER_MANAGER'] },
  MILK_DELIVERY_MANAGEMENT: { label: 'Süt teslimatı girişi', roles: ['ORDER_MANAGER'] },
  AUDIT_VIEW: { label: 'İşlem geçmişi', roles: ['BACKOFFICE_ADMIN'] },
} as const satisfies Record<string, { label: string; roles: readonly BuiltInRoleKey[] }>;

export type PrivilegeKey = keyof typeof PRIVILEGES;
export const PRIVILEGE_KEYS = Object.keys(PRIVILEGES) as PrivilegeKey[];
export const PrivilegeKeySchema = z.enum(PRIVILEGE_KEYS as [PrivilegeKey, ...PrivilegeKey[]]);

/** What a route or a page requires: a privilege, or only a signed-in user. */
export type Access = PrivilegeKey | typeof ANY_ROLE;

export function privilegesOfBuiltInRole(role: BuiltInRoleKey): PrivilegeKey[] {
  if (role === SUPER_ADMIN_ROLE) return [...PRIVILEGE_KEYS];
  return PRIVILEGE_KEYS.filter((key) => (PRIVILEGES[key].roles as readonly string[]).includes(role));
}
