import type { ScreenKey } from '@mandira/contract/screens';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The page of every screen in the contract's SCREENS table, one line each; the router gives every
 * path of a screen (aliases included) its page. Lazy, so each screen is its own chunk of the build.
 * A page module default-exports its component, which is what `lazy` expects.
 *
 * Partial on purpose: the contract may list a screen (and the server its menu entry) before its page
 * lands here; such a screen shows a "not ready yet" page instead of breaking the build.
 */
export const SCREEN_PAGES: Partial<Record<ScreenKey, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import('../features/dashboard/dashboard-page.tsx')),
  audit: lazy(() => import('../features/audit/audit-page.tsx')),
  users: lazy(() => import('../features/users/user-management-page.tsx')),
  'product-items': lazy(() => import('../features/products/product-items-page.tsx')),
  'product-approval': lazy(() => import('../features/products/product-approval-page.tsx')),
  'sellable-products': lazy(() => import('../features/products/sellable-products-page.tsx')),
  buyers: lazy(() => import('../features/buyers/buyers-page.tsx')),
  'buyer-approval': lazy(() => import('../features/buyers/buyer-approval-page.tsx')),
  'buyer-warehouses': lazy(() => import('../features/buyers/buyer-warehouses-page.tsx')),
  warehouses: lazy(() => import('../features/stock/warehouses-page.tsx')),
  'stock-management': lazy(() => import('../features/stock/stock-management-page.tsx')),
  'goods-in-out': lazy(() => import('../features/stock/goods-page.tsx')),
  'goods-in-out-compact': lazy(() =>
    import('../features/stock/goods-page.tsx').then((module) => ({ default: module.CompactGoodsInOutPage })),
  ),
  'stock-history': lazy(() => import('../features/stock/stock-history-page.tsx')),
  'warehouse-orders': lazy(() => import('../features/loading/warehouse-orders-page.tsx')),
  'order-taking': lazy(() => import('../features/orders/order-taking-page.tsx')),
  baskets: lazy(() => import('../features/orders/baskets-page.tsx')),
  orders: lazy(() => import('../features/orders/orders-page.tsx')),
  shipments: lazy(() => import('../features/shipments/shipments-page.tsx')),
  vehicles: lazy(() => import('../features/fleet/vehicles-page.tsx')),
  drivers: lazy(() => import('../features/fleet/drivers-page.tsx')),
  'buyer-accounting': lazy(() => import('../features/accounting/accounting-page.tsx')),
  'milk-vehicles': lazy(() => import('../features/milk/milk-vehicles-page.tsx')),
  'milk-drivers': lazy(() => import('../features/milk/milk-drivers-page.tsx')),
  'milk-deliveries': lazy(() => import('../features/milk/milk-deliveries-page.tsx')),
  'shipment-contents': lazy(() => import('../features/shipments/shipment-contents-page.tsx')),
};
