import { Box, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { searchableText } from '../format/search.ts';
import { changedRowProps } from './changed-row.ts';
import type { DataTableColumn } from './column.ts';
import classes from './row-cards.module.css';

type Props<T> = {
  columns: readonly DataTableColumn<T>[];
  rows: readonly { id: string; original: T }[];
  rowActions?: (row: T) => ReactNode;
  isRowChanged?: (row: T) => boolean;
};

const cellOf = <T,>(column: DataTableColumn<T>, row: T): ReactNode =>
  column.render ? column.render(row) : searchableText(column.value(row));

/**
 * The rows of a DataTable as cards, on a tablet or phone: the first column names the card, the others
 * follow as label and value, and the row's actions sit at the bottom, on screen without scrolling
 * sideways (docs/domain/field-devices.md).
 */
export function RowCards<T>({ columns, rows, rowActions, isRowChanged }: Props<T>) {
  const [first, ...rest] = columns;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="row-cards">
      {rows.map((row) => (
        <Paper
          key={row.id}
          component="li"
          withBorder
          radius="md"
          p="sm"
          data-testid="row-card"
          {...changedRowProps(isRowChanged?.(row.original) ?? false)}
        >
          <Stack gap="xs">
            {first && (
              <Box fw={600} fz="sm">
                {cellOf(first, row.original)}
              </Box>
            )}
            {rest.length > 0 && (
              <dl className={classes.fields}>
                {rest.map((column) => (
                  <div key={column.id}>
                    <Text component="dt" fz="xs" c="dimmed">
                      {column.header}
                    </Text>
                    <Text component="dd" fz="sm">
                      {cellOf(column, row.original)}
                    </Text>
                  </div>
                ))}
              </dl>
            )}
            {rowActions && (
              <div className={classes.actions} data-testid="row-card-actions">
                {rowActions(row.original)}
              </div>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
