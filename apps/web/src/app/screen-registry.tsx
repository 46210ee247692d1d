import type { ScreenKey } from '@mandira/contract/screens';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from './lazy-screen.ts';

/**
 * The page of every screen in the contract's SCREENS table, one line each; the router gives every
 * path of a screen (aliases included) its page. Lazy, so each screen is its own chunk of the build.
 * A page module default-exports its component, which is what `lazy` expects.
 *
 * Partial on purpose: the contract may list a screen (and the server its menu entry) before its page
 * lands here; such a screen shows a "not ready yet" page instead of breaking the build.
 */
export const SCREEN_PAGES: Partial<Record<ScreenKey, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazyScreen(() => import('../features/dashboard/dashboard-page.tsx')),
  audit: lazyScreen(() => import('../features/audit/audit-page.tsx')),
  users: lazyScreen(() => import('../features/users/user-management-page.tsx')),
  'product-items': lazyScreen(() => import('../features/products/product-items-page.tsx')),
  'product-approval': lazyScreen(() => import('../features/products/product-approval-page.tsx')),
  'sellable-products': lazyScreen(() => import('../features/products/sellable-products-page.tsx')),
  buyers: lazyScreen(() => import('../features/buyers/buyers-page.tsx')),
  'buyer-approval': lazyScreen(() => import('../features/buyers/buyer-approval-page.tsx')),
  'buyer-warehouses': lazyScreen(() => import('../features/buyers/buyer-warehouses-page.tsx')),
  warehouses: lazyScreen(() => import('../features/stock/warehouses-page.tsx')),
  'stock-management': lazyScreen(() => import('../features/stock/stock-management-page.tsx')),
  'goods-in-out': lazyScreen(() => import('../features/stock/goods-page.tsx')),
  'goods-in-out-compact': lazyScreen(() =>
    import('../features/stock/goods-page.tsx').then((module) => ({ default: module.CompactGoodsInOutPage })),
  ),
  'stock-history': lazyScreen(() => import('../features/stock/stock-history-page.tsx')),
  lots: lazyScreen(() => import('../features/lots/lots-page.tsx')),
  'warehouse-orders': lazyScreen(() => import('../features/loading/warehouse-orders-page.tsx')),
  'order-taking': lazyScreen(() => import('../features/orders/order-taking-page.tsx')),
  baskets: lazyScreen(() => import('../features/orders/baskets-page.tsx')),
  orders: lazyScreen(() => import('../features/orders/orders-page.tsx')),
  shipments: lazyScreen(() => import('../features/shipments/shipments-page.tsx')),
  vehicles: lazyScreen(() => import('../features/fleet/vehicles-page.tsx')),
  drivers: lazyScreen(() => import('../features/fleet/drivers-page.tsx')),
  'buyer-accounting': lazyScreen(() => import('../features/accounting/accounting-page.tsx')),
  'milk-vehicles': lazyScreen(() => import('../features/milk/milk-vehicles-page.tsx')),
  'milk-drivers': lazyScreen(() => import('../features/milk/milk-drivers-page.tsx')),
  'milk-deliveries': lazyScreen(() => import('../features/milk/milk-deliveries-page.tsx')),
  'shipment-contents': lazyScreen(() => import('../features/shipments/shipment-contents-page.tsx')),
};
