import { istanbulDate } from '@mandira/contract/istanbul-time';
import { STOCK_ACTION_LABELS, type StockAction } from '@mandira/contract/stock';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { sortedOptions } from '../../lib/forms/select-options.ts';
import { TurkishDateInput } from '../../lib/forms/turkish-date-input.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { exportStockHistory, type HistoryFilters, useStockHistoryPage, useWarehouseNames } from './api.ts';
import { HISTORY_COLUMNS } from './history-columns.tsx';
import { QUICK_RANGES, quickRange } from './history-range.ts';
import { LotFilterSelect } from './lot-filter-select.tsx';
import { ProductFilterSelect } from './product-filter-select.tsx';

const PAGE_SIZE = 50;
/** Select options need a value; this one stands for no filter. */
const ALL = 'ALL';
const ACTION_OPTIONS = Object.entries(STOCK_ACTION_LABELS).map(([value, label]) => ({ value, label }));
const isAction = (value: string): value is StockAction => Object.hasOwn(STOCK_ACTION_LABELS, value);

/** 'Stok Geçmişi': every filter change reloads; both dates start on today. */
export default function StockHistoryPage() {
  const today = istanbulDate(new Date());
  const [filters, setFilters] = useState<HistoryFilters>({ startDate: today, endDate: today });
  const [page, setPage] = useState(1);
  const history = useStockHistoryPage(filters, page, PAGE_SIZE);
  const warehouses = useWarehouseNames();

  const change = (next: Partial<HistoryFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const warehouseOptions = sortedOptions(
    (warehouses.data ?? []).map((warehouse) => ({ value: String(warehouse.id), label: warehouse.label })),
  );
  const dateField = (key: 'startDate' | 'endDate', label: string) => (
    <TurkishDateInput
      label={label}
      placeholder="GG.AA.YYYY"
      value={filters[key] ?? null}
      onChange={(value) => change({ [key]: value ?? undefined })}
      maxDate={today}
      clearable
      w={160}
    />
  );

  return (
    <>
      <PageHeader title="Stok Geçmişi" description="Mal girişleri, çıkışları ve sayım düzeltmeleri" />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" data-testid="history-filters">
          <Group gap="md" align="flex-end">
            <Select
              label="Depo"
              w={150}
              data={[{ value: ALL, label: 'Tümü' }, ...warehouseOptions]}
              value={filters.warehouseId ? String(filters.warehouseId) : ALL}
              onChange={(value) =>
                change({ warehouseId: value && value !== ALL ? Number(value) : undefined })
              }
              allowDeselect={false}
            />
            <ProductFilterSelect
              value={filters.productItemId}
              onChange={(productItemId) => change({ productItemId, lotId: undefined })}
            />
            <LotFilterSelect
              productItemId={filters.productItemId}
              value={filters.lotId}
              onChange={(lotId) => change({ lotId })}
            />
            <Select
              label="İşlem Tipi"
              w={190}
              data={[{ value: ALL, label: 'Tümü' }, ...ACTION_OPTIONS]}
              value={filters.action ?? ALL}
              onChange={(value) => change({ action: value && isAction(value) ? value : undefined })}
              allowDeselect={false}
            />
            {dateField('startDate', 'Başlangıç Tarihi')}
            {dateField('endDate', 'Bitiş Tarihi')}
            <Group gap={6} role="group" aria-label="Hızlı tarih aralığı" pb={4}>
              {QUICK_RANGES.map((range) => {
                const dates = quickRange(range.key, today);
                const active = filters.startDate === dates.startDate && filters.endDate === dates.endDate;
                return (
                  <Button
                    key={range.key}
                    size="compact-sm"
                    variant={active ? 'filled' : 'default'}
                    aria-pressed={active}
                    title={range.title}
                    onClick={() => change(dates)}
                  >
                    {range.label}
                  </Button>
                );
              })}
            </Group>
          </Group>
        </Paper>
        <DataTable
          name={`stok-gecmisi-${filters.startDate ?? 'baslangic'}-${filters.endDate ?? 'bugun'}`}
          columns={HISTORY_COLUMNS}
          data={history.data?.entries}
          getRowId={(entry) => entry.id}
          loading={history.isPending || history.isPlaceholderData}
          error={history.error}
          onRetry={() => void history.refetch()}
          emptyMessage="Kayıt bulunamadı"
          minWidth={1080}
          pagination={serverPaging(history.data, page, setPage)}
          exportRows={() => exportStockHistory(filters)}
        />
      </Stack>
    </>
  );
}
