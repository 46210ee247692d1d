import { BULK_WAREHOUSE_ACTIONS, type BulkWarehouseAction } from '@mandira/contract/loading';
import { type OrderItemStatus, orderItemMachine } from '@mandira/contract/order-machines';
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useState } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { confirmAction } from '../../lib/modals/confirm.tsx';
import { useBulkWarehouseStep } from './api.ts';
import type { WarehouseRow } from './warehouse-item-columns.tsx';
import { warehouseActionsOf } from './warehouse-steps.ts';

const BULK: readonly string[] = BULK_WAREHOUSE_ACTIONS;

/** The steps a row may take together with others: those that ask for nothing but the item. */
export function bulkActionsOf({ order, item }: WarehouseRow): BulkWarehouseAction[] {
  return warehouseActionsOf(order, item).filter((action): action is BulkWarehouseAction =>
    BULK.includes(action),
  );
}

/**
 * The rows of the page picked for one step together. Only rows that may still take such a step count
 * as selected: a row another clerk moved on drops out of the selection.
 */
export function useRowSelection(rows: readonly WarehouseRow[] | undefined) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const selectable = useMemo(() => (rows ?? []).filter((row) => bulkActionsOf(row).length > 0), [rows]);
  const clear = useCallback(() => setPicked(new Set()), []);
  return useMemo(
    () => ({
      selectable,
      selected: selectable.filter(({ item }) => picked.has(item.id)),
      isSelectable: (row: WarehouseRow) => bulkActionsOf(row).length > 0,
      isSelected: ({ item }: WarehouseRow) => picked.has(item.id),
      toggle: ({ item }: WarehouseRow) =>
        setPicked((now) => {
          const next = new Set(now);
          if (!next.delete(item.id)) next.add(item.id);
          return next;
        }),
      selectAll: (all: boolean) => setPicked(new Set(all ? selectable.map(({ item }) => item.id) : [])),
      clear,
    }),
    [selectable, picked, clear],
  );
}
export type RowSelectionState = ReturnType<typeof useRowSelection>;

/** The steps every selected row may take. */
const sharedActions = (rows: readonly WarehouseRow[]) =>
  BULK_WAREHOUSE_ACTIONS.filter((action) => rows.every((row) => bulkActionsOf(row).includes(action)));

/** At most this many lines are named in the question; the rest are counted. */
const NAMED_LINES = 5;

function question(rows: readonly WarehouseRow[], label: string): string {
  const named = rows
    .slice(0, NAMED_LINES)
    .map(({ order, item }) => `sipariş ${order.orderNumber} '${item.productName}'`)
    .join(', ');
  const rest = rows.length > NAMED_LINES ? ` ve ${formatNumber(rows.length - NAMED_LINES)} kalem daha` : '';
  return `${formatNumber(rows.length)} kaleme '${label}' uygulanacak (${named}${rest}). Hepsi birlikte yapılır; biri yapılamazsa hiçbiri değişmez. Emin misiniz?`;
}

/**
 * One step for the selected rows in one request (decision 142), asked about once; `onDone` after it
 * went through (the selection is spent). No second request while one runs.
 */
export function useBulkSteps(onDone: () => void) {
  const bulkStep = useBulkWarehouseStep();
  return useSubmitGuard(async (rows: readonly WarehouseRow[], action: BulkWarehouseAction) => {
    const label = orderItemMachine.actionLabel(action);
    if (!(await confirmAction({ title: label, message: question(rows, label), confirmLabel: label }))) return;
    try {
      await bulkStep.mutateAsync({ action, orderItemIds: rows.map(({ item }) => item.id) });
      const status = orderItemMachine.next(rows[0]!.item.statusDescription.name as OrderItemStatus, action);
      notifications.show({
        color: 'green',
        message: `${formatNumber(rows.length)} kalem: ${orderItemMachine.statusLabel(status)}`,
      });
      onDone();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Toplu işlem yapılamadı',
        message: errorMessage(error),
        autoClose: 8000,
      });
    }
  });
}

type Props = {
  selection: RowSelectionState;
  step: ReturnType<typeof useBulkSteps>;
  /** A single step of a row is running: no bulk step meanwhile. */
  busy: boolean;
};

/**
 * Above the warehouse table: select the page's items, then a step for all of them, offered only when
 * every selected item may take it.
 */
export function BulkStepBar({ selection, step, busy }: Props) {
  const { selectable, selected } = selection;
  if (selectable.length === 0) return null;
  const actions = sharedActions(selected);
  const all = selected.length === selectable.length;
  return (
    <Paper withBorder radius="md" px="md" py="xs" data-testid="bulk-step-bar">
      <Group justify="space-between" gap="sm">
        <Group gap="md">
          <Checkbox
            label={`Tümünü seç (${formatNumber(selectable.length)})`}
            checked={all}
            indeterminate={selected.length > 0 && !all}
            onChange={() => selection.selectAll(!all)}
            disabled={step.submitting}
          />
          <Text fz="sm" fw={600} data-testid="bulk-selected-count">
            {formatNumber(selected.length)} kalem seçildi
          </Text>
        </Group>
        <Group gap="xs">
          {selected.length > 0 && actions.length === 0 && (
            <Text fz="sm" c="dimmed">
              Seçilen kalemler farklı adımlarda: aynı adımdaki kalemleri seçin.
            </Text>
          )}
          {selected.length === 0 && (
            <Text fz="sm" c="dimmed">
              Aynı adımdaki kalemleri seçin, birlikte ilerletin.
            </Text>
          )}
          {(selected.length > 0 ? actions : []).map((action) => (
            <Button
              key={action}
              loading={step.submitting}
              disabled={busy || step.submitting}
              onClick={() => void step.run(selected, action)}
            >
              {orderItemMachine.actionLabel(action)} ({formatNumber(selected.length)})
            </Button>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
