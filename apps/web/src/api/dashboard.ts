import * as dashboard from '@mandira/contract/operations/dashboard';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from './query.ts';

/** Every figure of Ana Sayfa: the first-steps counters and the work cards. */
export const DASHBOARD_KEY = ['dashboard'] as const;
/**
 * The work cards (`getMyWork`). The live layer invalidates it on the events of the
 * topics its counts read: orders, shipments, buyers, products, milk and accounting.
 */
export const MY_WORK_KEY = [...DASHBOARD_KEY, 'my-work'] as const;

export const myWorkQuery = operationQuery(MY_WORK_KEY, dashboard.getMyWork);

export function useMyWork() {
  return useQuery(myWorkQuery);
}
