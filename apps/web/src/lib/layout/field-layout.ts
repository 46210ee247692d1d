import { useMediaQuery } from '@mantine/hooks';

/**
 * Below this width the portal is on a tablet or a phone on the floor (docs/domain/field-devices.md):
 * tables turn into cards and the side menu folds away behind its button.
 */
export const FIELD_LAYOUT_MAX_WIDTH = 1099;

export const FIELD_LAYOUT_QUERY = `(max-width: ${FIELD_LAYOUT_MAX_WIDTH}px)`;

/** Whether the window is tablet- or phone-sized now; follows rotation and resizing. */
export function useFieldLayout(): boolean {
  // Measured on the first render: a table must not flash as a table before turning into cards.
  return useMediaQuery(FIELD_LAYOUT_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
