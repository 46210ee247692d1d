import { type ColumnDef, getSortedRowModel } from '@tanstack/react-table';
import { compareValues } from '../format/turkish-order.ts';
import type { DataTableColumn } from './column.ts';

/** TanStack columns that sort by each column's `value`: numbers by value, text the Turkish way. */
export function sortingColumnDefs<T>(columns: readonly DataTableColumn<T>[]): ColumnDef<T>[] {
  return columns.map((column) => ({
    id: column.id,
    accessorFn: column.value,
    header: column.header,
    enableSorting: column.sortable !== false,
    sortingFn: (a, b, id) => compareValues(a.getValue(id), b.getValue(id)),
  }));
}

/**
 * A header toggles between ascending and descending only: with no sort at all the rows would fall
 * back to the server's order, which the embedded database does not collate the Turkish way (decision 41).
 */
export const SORTING_OPTIONS = {
  enableSortingRemoval: false,
  getSortedRowModel: getSortedRowModel(),
} as const;
