/**
 * Query key prefixes of features that the live layer names too (api/live/topic-keys.ts); the keys
 * shared by several features live beside their requests (orders.ts, fleet.ts, products.ts, …).
 */
export const MILK_KEY = ['milk'] as const;
export const USERS_KEY = ['users'] as const;
export const ACL_KEY = ['acl'] as const;
/** Baskets hold reservations and show products and buyers by name. */
export const BASKETS_KEY = ['baskets'] as const;
/** Ana Sayfa's counters and work queues, all under this prefix. */
export const DASHBOARD_KEY = ['dashboard'] as const;
/** The signed-in user's own roles and menus (current-user.ts, app/api.ts). */
export const USER_ACCESS_KEY = ['user-access'] as const;
