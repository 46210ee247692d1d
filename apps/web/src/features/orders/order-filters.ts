import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { COMPLETION_QUERY } from '@mandira/contract/my-work';
import { ORDER_STATUSES, type OrderStatus } from '@mandira/contract/order-machines';
import {
  ALL_TIME_PERIOD,
  DEFAULT_ORDER_SEARCH_PERIOD,
  DEFAULT_ORDER_STATUS_FILTER,
  ORDER_SEARCH_PERIODS,
  OrderQuery,
} from '@mandira/contract/order-query';

/** Orders per page of the accordion. */
export const ORDER_PAGE_SIZE = 25;

/** The filter bar of the order screen as the user fills it. */
export type OrderFilterValues = {
  /** Order numbers, comma-separated. */
  orderNumbers: string;
  /** Buyer codes, comma-separated. */
  buyerCodes: string;
  /** No status chosen means 'Tümü': every status. */
  statuses: OrderStatus[];
  /** Days back from today, today included; ALL_TIME_PERIOD is every day. */
  periodDays: number;
  /** Only the delivered orders waiting for 'Siparişi Tamamla'. */
  awaitingCompletion: boolean;
  minAmount: number | '';
  maxAmount: number | '';
  referenceCode: string;
};

export const DEFAULT_ORDER_FILTERS: OrderFilterValues = {
  orderNumbers: '',
  buyerCodes: '',
  statuses: [...DEFAULT_ORDER_STATUS_FILTER],
  periodDays: DEFAULT_ORDER_SEARCH_PERIOD,
  awaitingCompletion: false,
  minAmount: '',
  maxAmount: '',
  referenceCode: '',
};

/**
 * The filters a link opens the screen with (Ana Sayfa's cards, docs/domain/my-work.md):
 * `?status=A,B`, `?period=` days, one of the screen's periods, and `?completion=waiting`; what is
 * missing or unknown keeps its default.
 */
export function orderFiltersFromUrl(params: URLSearchParams): OrderFilterValues {
  const statuses = (params.get('status') ?? '')
    .split(',')
    .filter((status): status is OrderStatus => (ORDER_STATUSES as string[]).includes(status));
  const period = Number(params.get('period'));
  return {
    ...DEFAULT_ORDER_FILTERS,
    ...(statuses.length > 0 ? { statuses } : {}),
    ...(params.get('period') && (ORDER_SEARCH_PERIODS as readonly number[]).includes(period)
      ? { periodDays: period }
      : {}),
    awaitingCompletion: params.get('completion') === COMPLETION_QUERY.completion,
  };
}

const amount = (value: number | '') => (value === '' ? undefined : value);

/** What is typed, split on commas; nothing typed is no filter. */
const commaList = (typed: string): string[] | undefined => {
  const parts = typed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.length > 0 ? parts : undefined;
};

/**
 * The order query of the filters: a period of n days is today and the n − 1 Istanbul days before it,
 * 'Tüm zamanlar' no bound at all; order numbers and buyer codes are split on commas; the contract reads each number and refuses one that
 * is not.
 */
export function toOrderQuery(values: OrderFilterValues, now: Date = new Date()): OrderQuery {
  const today = istanbulDate(now);
  const allTime = values.periodDays === ALL_TIME_PERIOD;
  return {
    orderNumbers: commaList(values.orderNumbers),
    buyerCodes: commaList(values.buyerCodes),
    orderStatuses: values.statuses.length > 0 ? values.statuses : undefined,
    fromCreateDate: allTime ? undefined : addDays(today, 1 - values.periodDays),
    toCreateDate: allTime ? undefined : today,
    minAmount: amount(values.minAmount),
    maxAmount: amount(values.maxAmount),
    buyerRequestReferenceCode: values.referenceCode.trim() || undefined,
    awaitingCompletion: values.awaitingCompletion || undefined,
  };
}

/** Which filter field a refusal of the contract's OrderQuery belongs under. */
const FIELD_OF_QUERY_KEY: Record<string, keyof OrderFilterValues> = {
  orderNumbers: 'orderNumbers',
  buyerCodes: 'buyerCodes',
  orderStatuses: 'statuses',
  fromCreateDate: 'periodDays',
  toCreateDate: 'periodDays',
  minAmount: 'minAmount',
  maxAmount: 'maxAmount',
  buyerRequestReferenceCode: 'referenceCode',
  awaitingCompletion: 'awaitingCompletion',
};

/** The filters checked by the contract's own schema: the query, or the message of each wrong field. */
export function checkOrderFilters(
  values: OrderFilterValues,
  now: Date = new Date(),
):
  | { query: OrderQuery; errors?: undefined }
  | { query?: undefined; errors: Partial<Record<keyof OrderFilterValues, string>> } {
  const query = toOrderQuery(values, now);
  const parsed = OrderQuery.safeParse(query);
  if (parsed.success) return { query };
  const errors: Partial<Record<keyof OrderFilterValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_QUERY_KEY[String(issue.path[0])] ?? 'orderNumbers';
    errors[field] ??= issue.message;
  }
  return { errors };
}
