import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { matchesSearch } from './search.ts';

/**
 * The search inside a dropdown, the way the portal's tables search (lib/search.ts): Turkish
 * case-insensitive over the whole label, so 'balıkesir' finds a depot by its buyer's name. A group
 * stays with the options of it that match.
 */
export const turkishOptionFilter: OptionsFilter = ({ options, search }) =>
  options.flatMap((item): ComboboxParsedItem[] => {
    if (!('group' in item)) return matchesSearch([item.label], search) ? [item] : [];
    const items = item.items.filter((option: ComboboxItem) => matchesSearch([option.label], search));
    return items.length > 0 ? [{ ...item, items }] : [];
  });
