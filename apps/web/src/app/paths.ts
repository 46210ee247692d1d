import { screenByKey } from '@mandira/contract/screens';

/** The Turkish paths are the ones the app links to; the English ones are aliases. */
export const SIGN_IN_PATH = '/portal-giris';
export const SIGN_IN_ALIASES = ['/portal-giris', '/sign-in'] as const;
export const SIGN_OUT_PATH = '/cikis';
export const SIGN_OUT_ALIASES = ['/cikis', '/sign-out'] as const;
/** Ana Sayfa, by its key in the contract's screen table. */
export const HOME_AFTER_SIGN_IN = screenByKey('dashboard').paths[0] ?? '/';
