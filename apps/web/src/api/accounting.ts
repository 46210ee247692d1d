import { screenByKey } from '@mandira/contract/screens';
import { queryString } from './client.ts';

/**
 * Every accounting read (summary, transactions, statement) lives under this key: the order screens
 * invalidate it too, since placing, reviewing or canceling an order moves a buyer's balance.
 */
export const ACCOUNTING_KEY = ['accounting'] as const;

/** The buyer accounting screen opened on one buyer, e.g. from 'Hesap Özeti' on the buyer list. */
export function accountingPath(buyerId: number): string {
  return `${screenByKey('buyer-accounting').paths[0]}${queryString({ buyerId })}`;
}
