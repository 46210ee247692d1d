import type { Access } from './roles.ts';

/**
 * The screens that exist, in menu order: route, menu group and the privilege that opens them.
 * The server builds the menu from this table and the web builds its routes from it, so a screen
 * appears in the menu only once it is listed here.
 */
export type Screen = {
  key: string;
  /** The first path is the one the menu links to; the rest are aliases of spec §2. */
  paths: readonly string[];
  label: string;
  groupName: string;
  access: Access;
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
] as const satisfies readonly Screen[];

export type ScreenKey = (typeof SCREENS)[number]['key'];

export function screenByKey(key: ScreenKey): Screen {
  return SCREENS.find((screen) => screen.key === key)!;
}

export const FALLBACK_MENU_GROUP = 'Diğer';
