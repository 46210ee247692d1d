import type { ComboboxItem, ComboboxParsedItem, ComboboxParsedItemGroup, OptionsFilter } from '@mantine/core';
import { turkishLower } from '../format/search.ts';
import { compareTurkish } from '../format/turkish-order.ts';

const ASCII_OF: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};

/**
 * A text as someone typing without Turkish letters would write it: lowered the Turkish way, then
 * ç ğ ı ö ş ü (and â î û) as c g i o s u, so 'kizilay' and 'KIZILAY' both find 'Kızılay'.
 */
export function foldTurkish(text: string): string {
  return turkishLower(text).replace(/[çğıöşüâîû]/g, (letter) => ASCII_OF[letter] ?? letter);
}

function isGroup(item: ComboboxParsedItem): item is ComboboxParsedItemGroup {
  return 'group' in item;
}

/**
 * The search inside every dropdown of the portal (set for Select, MultiSelect and Autocomplete in the
 * theme): the typed text, folded, inside the option's folded label; a group keeps its matching items.
 */
export const turkishOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const needle = foldTurkish(search.trim());
  const matches = (option: ComboboxItem) => foldTurkish(option.label).includes(needle);
  const result: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (result.length >= limit) break;
    if (isGroup(item)) {
      const items = item.items.filter(matches);
      if (items.length > 0) result.push({ group: item.group, items });
    } else if (matches(item)) {
      result.push(item);
    }
  }
  return result;
};

/** Options in the Turkish alphabet's order of their labels (c < ç, ı < i, 'Depo 9' before 'Depo 10'). */
export function sortedOptions<T extends { label: string }>(options: readonly T[]): T[] {
  return [...options].sort((a, b) => compareTurkish(a.label, b.label));
}
