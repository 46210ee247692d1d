import { Alert, Button, Center, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowsHorizontal, IconDatabaseOff } from '@tabler/icons-react';
import { getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ApiRequestError } from '../../api/client.ts';
import { filterBySearch, searchableText } from '../format/search.ts';
import { errorMessage } from '../forms/error-message.ts';
import { useFieldLayout } from '../layout/field-layout.ts';
import { changedRowProps } from './changed-row.ts';
import { type DataTableColumn, searchValueOf } from './column.ts';
import classes from './data-table.module.css';
import { type ExcelHeading, exportToExcel } from './export-to-excel.ts';
import { RowCards } from './row-cards.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';
import { SortHeader } from './sort-header.tsx';
import { SORTING_OPTIONS, sortingColumnDefs } from './table-sorting.ts';
import { TableToolbar } from './table-toolbar.tsx';
import { useBorderWidth } from './use-border-width.ts';
import { useHorizontalOverflow } from './use-horizontal-overflow.ts';

/** Rows rendered at first and per "show more": keeps thousands of rows from freezing the page. */
const RENDER_STEP = 200;
/** A server search waits this long after the last key, so typing a word asks once. */
const SEARCH_PAUSE_MS = 300;

export type DataTableProps<T> = {
  /** File name of the Excel export, without extension, e.g. 'kullanicilar'. */
  name: string;
  columns: readonly DataTableColumn<T>[];
  data: readonly T[] | undefined;
  getRowId: (row: T) => string | number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Buttons of a row, shown in a last 'İşlemler' column. */
  rowActions?: (row: T) => ReactNode;
  /** Buttons beside the Excel button, e.g. 'Kullanıcı Ekle'. */
  toolbar?: ReactNode;
  /** The search applies only from this many characters (users: 3, i.e. longer than 2). */
  minSearchLength?: number;
  /**
   * The order the table opens in, also its order for good: a header click turns a column's order
   * round but never back to the raw order of `data`. Text sorts the Turkish way.
   */
  initialSort?: SortingState;
  emptyMessage?: string;
  /** Columns below this width scroll sideways instead of squeezing. */
  minWidth?: number;
  /** Said above the table while some of its columns are out of view to the right. */
  scrollHint?: string;
  /**
   * Server paging: `data` is one page of `total` rows. Search and sorting then apply within the page;
   * the pager below the table asks the server for another.
   */
  pagination?: TablePagination;
  /**
   * Server search: the typed text goes to the server (after a pause in typing) instead of filtering
   * the rows here, so a paged list searches every row, not only the page shown.
   */
  onSearch?: (query: string) => void;
  /** The rows of the Excel file when `data` is only a page: e.g. every matching row, fetched on demand. */
  exportRows?: () => Promise<readonly T[]>;
  /** Lines above the table in the Excel file, e.g. the buyer and period of a statement. */
  exportHeading?: ExcelHeading;
  /**
   * What the count says when a row is not one record of the total, e.g. '12 sipariş · 22 kalem' for
   * items of orders: given the rows the search leaves.
   */
  describeCount?: (shown: readonly T[]) => string;
  /**
   * Rows another user changed a moment ago (live events, `useLiveMarks` of api/live): marked with a
   * soft background that fades.
   */
  isRowChanged?: (row: T) => boolean;
};

export type TablePagination = {
  page: number;
  totalPages: number;
  total: number;
  /** The server stopped counting at `total` (decision 149): shown as '10.000+ kayıt'. */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
};

/** The pager of a server's paged answer (`{ page, totalPages, count }`), once it has arrived. */
export function serverPaging(
  answer: { totalPages: number; count: number; countCapped?: boolean } | undefined,
  page: number,
  onPageChange: (page: number) => void,
): TablePagination | undefined {
  return (
    answer && {
      page,
      totalPages: answer.totalPages,
      total: answer.count,
      totalCapped: answer.countCapped === true,
      onPageChange,
    }
  );
}

const PAGER_LABELS = {
  first: 'İlk sayfa',
  previous: 'Önceki sayfa',
  next: 'Sonraki sayfa',
  last: 'Son sayfa',
} as const;

function countText(shown: number, loaded: number, pagination: TablePagination | undefined): string {
  const total = (count: number) =>
    `${count.toLocaleString('tr-TR')}${pagination?.totalCapped && count === pagination.total ? '+' : ''} kayıt`;
  if (!pagination) return shown === loaded ? total(loaded) : `${shown} / ${total(loaded)}`;
  if (shown !== loaded) return `${shown} / ${loaded} (bu sayfada) · ${total(pagination.total)}`;
  return total(pagination.total);
}

/**
 * The first column names the row (plate, code, customer): it stays at the left edge while a wide
 * table scrolls sideways, and nothing else sticks, so no column ever lies under another (decision 107).
 */
const PINNED = { position: 'sticky', left: 0, zIndex: 1 } as const;
/** The actions stay at the right edge, so a row's buttons are never scrolled out of reach (decision 158). */
const PINNED_END = { position: 'sticky', right: 0, zIndex: 1 } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rowActions, minSearchLength = 1 } = props;
  const [query, setQuery] = useState('');
  const [sorting, setSorting] = useState<SortingState>(props.initialSort ?? []);
  const [limit, setLimit] = useState(RENDER_STEP);
  const [exporting, setExporting] = useState(false);

  const { onSearch } = props;
  const [serverQuery] = useDebouncedValue(query, SEARCH_PAUSE_MS);
  useEffect(() => {
    if (!onSearch) return;
    const typed = serverQuery.trim();
    onSearch(typed.length >= minSearchLength ? typed : '');
  }, [onSearch, serverQuery, minSearchLength]);

  const filtered = useMemo(
    () =>
      onSearch
        ? [...(props.data ?? [])]
        : filterBySearch(
            props.data ?? [],
            query,
            (row) => columns.map((column) => searchValueOf(column, row)),
            minSearchLength,
          ),
    [props.data, query, columns, minSearchLength, onSearch],
  );

  const columnDefs = useMemo(() => sortingColumnDefs(columns), [columns]);
  const scrollBox = useRef<HTMLDivElement>(null);
  // The last column may stay in view beside the actions (a shipment's status): it sticks at their width.
  const actionsHeader = useBorderWidth<HTMLTableCellElement>();
  const pinnedAtEnd = (column: DataTableColumn<T>) =>
    column.pinnedEnd === true && column === columns[columns.length - 1];
  const cellStyle = (column: DataTableColumn<T>, header = false): CSSProperties => ({
    ...(column === columns[0] ? PINNED : {}),
    ...(pinnedAtEnd(column)
      ? {
          ...PINNED_END,
          right: rowActions ? actionsHeader.width : 0,
        }
      : {}),
    ...(column.noWrap && !header ? NO_WRAP : {}),
  });
  const pinnedClass = (column: DataTableColumn<T>, body: boolean) => {
    const pinned =
      column === columns[0] ? classes.pinned : pinnedAtEnd(column) ? classes.pinnedEnd : undefined;
    return pinned && (body ? `${pinned} ${classes.pinnedBody}` : pinned);
  };

  const table = useReactTable({
    data: filtered,
    columns: columnDefs,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    ...SORTING_OPTIONS,
    getRowId: (row) => String(props.getRowId(row)),
  });

  const rows = table.getRowModel().rows;
  // On a tablet or phone the rows are cards; the table still says loading, empty or failed.
  const cardsShown = useFieldLayout() && !(props.loading && !props.data) && rows.length > 0;
  const overflow = useHorizontalOverflow(scrollBox, !cardsShown);
  const columnCount = columns.length + (rowActions ? 1 : 0);
  const showSkeleton = props.loading && !props.data;

  async function handleExport() {
    setExporting(true);
    try {
      const exported = props.exportRows ? await props.exportRows() : rows.map((row) => row.original);
      await exportToExcel(props.name, columns, exported, props.exportHeading);
    } catch (error) {
      console.error('Excel dışa aktarımı başarısız', error);
      // A refusal of the server (too many rows: page or narrow the filter) says why in its own words.
      const refused = error instanceof ApiRequestError ? ` ${error.message}` : '';
      notifications.show({
        color: 'red',
        title: 'Excel',
        message: `Excel dosyası oluşturulamadı.${refused}`,
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="sm">
      <TableToolbar
        query={query}
        onQueryChange={(value) => {
          setQuery(value);
          setLimit(RENDER_STEP);
        }}
        minSearchLength={minSearchLength}
        countText={
          props.describeCount
            ? props.describeCount(filtered)
            : countText(filtered.length, props.data?.length ?? 0, props.pagination)
        }
        onExport={handleExport}
        exporting={exporting}
        exportDisabled={!props.data || rows.length === 0}
      >
        {props.toolbar}
      </TableToolbar>
      {props.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Kayıtlar yüklenemedi">
          <Group justify="space-between">
            <Text fz="sm">{errorMessage(props.error)}</Text>
            {props.onRetry && (
              <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
                Tekrar dene
              </Button>
            )}
          </Group>
        </Alert>
      ) : null}
      {!cardsShown && overflow.overflows && !overflow.atEnd && (
        <Group gap={6} c="dimmed" justify="flex-end" data-testid="table-scroll-hint">
          <IconArrowsHorizontal size={16} />
          <Text fz="sm">{props.scrollHint ?? 'Diğer sütunlar sağda: tabloyu yana kaydırın'}</Text>
        </Group>
      )}
      {cardsShown ? (
        <RowCards
          columns={columns}
          rows={rows.slice(0, limit)}
          rowActions={rowActions}
          isRowChanged={props.isRowChanged}
        />
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer
            ref={scrollBox}
            minWidth={props.minWidth ?? 700}
            type="native"
            className={[
              overflow.overflows && !overflow.atStart ? classes.scrolledSideways : '',
              overflow.overflows && !overflow.atEnd ? classes.overflowing : '',
            ].join(' ')}
          >
            <Table
              striped
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="xs"
              aria-busy={props.loading}
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  {table.getFlatHeaders().map((header) => {
                    const column = columns[header.index]!;
                    return (
                      <Table.Th
                        key={header.id}
                        w={column.width}
                        miw={column.minWidth}
                        ta={column.align}
                        style={cellStyle(column, true)}
                        bg={column === columns[0] || pinnedAtEnd(column) ? 'gray.0' : undefined}
                        className={pinnedClass(column, false)}
                      >
                        <SortHeader
                          label={column.header}
                          sortable={header.column.getCanSort()}
                          direction={header.column.getIsSorted()}
                          onToggle={() => header.column.toggleSorting()}
                          align={column.align}
                        />
                      </Table.Th>
                    );
                  })}
                  {rowActions && (
                    <Table.Th
                      ref={actionsHeader.ref}
                      ta="right"
                      bg="gray.0"
                      style={PINNED_END}
                      className={classes.pinnedEnd}
                    >
                      <Text fw={600} fz="sm">
                        İşlemler
                      </Text>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {showSkeleton ? (
                  <SkeletonRows columns={columnCount} />
                ) : rows.length === 0 && props.error ? null : rows.length === 0 ? (
                  // 'Kayıt bulunamadı' under 'Kayıtlar yüklenemedi' would claim there are none.
                  <Table.Tr>
                    <Table.Td colSpan={columnCount}>
                      <Center py="xl" c="dimmed">
                        <Group gap="xs">
                          <IconDatabaseOff size={18} />
                          <Text fz="sm">{props.emptyMessage ?? 'Kayıt bulunamadı'}</Text>
                        </Group>
                      </Center>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.slice(0, limit).map((row) => (
                    <Table.Tr key={row.id} {...changedRowProps(props.isRowChanged?.(row.original) ?? false)}>
                      {columns.map((column) => (
                        <Table.Td
                          key={column.id}
                          ta={column.align}
                          style={cellStyle(column)}
                          className={pinnedClass(column, true)}
                        >
                          {column.render
                            ? column.render(row.original)
                            : searchableText(column.value(row.original))}
                        </Table.Td>
                      ))}
                      {rowActions && (
                        <Table.Td style={PINNED_END} className={`${classes.pinnedEnd} ${classes.pinnedBody}`}>
                          <Group gap={6} justify="flex-end" wrap="nowrap">
                            {rowActions(row.original)}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {props.pagination && props.pagination.totalPages > 1 && (
        <Center>
          <Pagination
            total={props.pagination.totalPages}
            value={props.pagination.page}
            onChange={props.pagination.onPageChange}
            siblings={2}
            aria-label="Sayfalar"
            getControlProps={(control) => ({ 'aria-label': PAGER_LABELS[control] })}
          />
        </Center>
      )}
      {rows.length > limit && (
        <Center>
          <Button variant="subtle" onClick={() => setLimit((current) => current + RENDER_STEP)}>
            Daha fazla göster ({limit} / {rows.length})
          </Button>
        </Center>
      )}
    </Stack>
  );
}
