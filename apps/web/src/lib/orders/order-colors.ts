import { ORDER_COLOR_LABELS, type OrderColor } from '@mandira/contract/orders';

/** The Mantine colour of each order colour label. */
export const ORDER_COLOR_SWATCH: Record<OrderColor, string> = {
  red: 'var(--mantine-color-red-6)',
  yellow: 'var(--mantine-color-yellow-5)',
  blue: 'var(--mantine-color-blue-6)',
  purple: 'var(--mantine-color-grape-6)',
  gray: 'var(--mantine-color-gray-5)',
};

export const ORDER_COLOR_OPTIONS = (Object.keys(ORDER_COLOR_LABELS) as OrderColor[]).map((color) => ({
  value: color,
  label: ORDER_COLOR_LABELS[color],
}));
