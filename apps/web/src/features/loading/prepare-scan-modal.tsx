import type { BulkWarehouseAction } from '@mandira/contract/loading';
import { orderItemMachine } from '@mandira/contract/order-machines';
import type { Order, OrderItem } from '@mandira/contract/orders';
import { ActionIcon, Alert, Box, Button, Group, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import type { BarcodeReader } from '../../lib/scanning/barcode-reader.ts';
import { beep } from '../../lib/scanning/beep.ts';
import { ScanField } from '../../lib/scanning/scan-field.tsx';
import { useResolveScan } from '../../lib/scanning/use-scan.ts';
import { useBulkSteps } from './bulk-step-bar.tsx';
import {
  countedUnits,
  countScan,
  isCounted,
  lineTarget,
  type PreparedCounts,
  preparationLines,
  progressText,
  stepCount,
} from './prepare-count.ts';

const PREPARED: BulkWarehouseAction = 'PREPARED_WAITING_FOR_LOADING';

type Props = {
  /** The order being prepared, as the page last read it; null when closed. */
  order: Order | null;
  counts: PreparedCounts;
  onCountsChange: (update: (current: PreparedCounts) => PreparedCounts) => void;
  onClose: () => void;
  loadReader?: () => Promise<BarcodeReader>;
};

/** One line of the order: what it asks for, what was counted, and a box more or less by hand. */
function PrepareLine({
  item,
  pieces,
  onStep,
}: {
  item: OrderItem;
  pieces: number;
  onStep: (direction: 1 | -1) => void;
}) {
  const { unit, total } = lineTarget(item);
  const done = isCounted(item, pieces);
  const shown = countedUnits(item, pieces);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="prepare-line">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Box miw={0}>
          <Text fz="sm" fw={600}>
            {item.productName}
          </Text>
          <Text fz="xs" c="dimmed">
            {[item.stockCode, item.statusDescription.label].filter(Boolean).join(' · ')}
          </Text>
        </Box>
        <Group gap={8} wrap="nowrap">
          <ActionIcon
            size={44}
            variant="default"
            aria-label={`${item.productName}: bir ${unit} çıkar`}
            disabled={pieces === 0}
            onClick={() => onStep(-1)}
          >
            <IconMinus size={18} />
          </ActionIcon>
          <ActionIcon
            size={44}
            variant="light"
            aria-label={`${item.productName}: bir ${unit} ekle`}
            disabled={done}
            onClick={() => onStep(1)}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Progress
        mt="xs"
        value={total === 0 ? 100 : Math.min(100, (shown / total) * 100)}
        color={done ? 'teal' : 'blue'}
        aria-hidden
      />
      <Text fz="sm" mt={4} fw={done ? 600 : 400} c={done ? 'teal' : undefined} data-testid="prepare-progress">
        {progressText(item, pieces)}
      </Text>
    </Paper>
  );
}

/**
 * 'Okutarak Hazırla' (docs/domain/scanning.md): the boxes put together for an order are scanned; a box of
 * one of its lines counts there ('3 / 10 koli okundu'), any other is refused on the spot with a sound and
 * the reason. '+' and '−' count by hand. The check is the device's: the lines counted in full move on
 * with 'Hazırlandı, Yüklemeye Geç', which the server decides. On a phone the scan field and that button
 * stay at the bottom of the screen, where the thumb is.
 */
export function PrepareScanModal({ order, counts, onCountsChange, onClose, loadReader }: Props) {
  const phone = useMediaQuery('(max-width: 575px)');
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      // On a phone the panel fills the screen and its scan field and step sit at the bottom, under the
      // thumb, however few the lines.
      styles={
        phone
          ? {
              content: { display: 'flex', flexDirection: 'column' },
              body: { flex: 1, display: 'flex', flexDirection: 'column' },
            }
          : undefined
      }
      title={order ? `Okutarak Hazırla: Sipariş ${order.orderNumber}` : ''}
    >
      {order && (
        <PrepareScan order={order} counts={counts} onCountsChange={onCountsChange} loadReader={loadReader} />
      )}
    </Modal>
  );
}

function PrepareScan({
  order,
  counts,
  onCountsChange,
  loadReader,
}: Omit<Props, 'order' | 'onClose'> & { order: Order }) {
  const resolve = useResolveScan();
  const lines = preparationLines(order);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const bulk = useBulkSteps(() => {});
  const ready = lines.filter(
    (item) => item.statusDescription.name === 'PREPARING' && isCounted(item, counts[item.id] ?? 0),
  );

  const onScan = async (code: string) => {
    setTaken(null);
    try {
      const counted = countScan(await resolve(code), lines, counts);
      if ('refusal' in counted) {
        setRefusal(counted.refusal);
        beep('error');
        return;
      }
      const item = lines.find((one) => one.id === counted.itemId)!;
      const now = (counts[item.id] ?? 0) + counted.pieces;
      onCountsChange((current) => ({ ...current, [item.id]: (current[item.id] ?? 0) + counted.pieces }));
      setRefusal(null);
      beep('ok');
      setTaken(`${item.productName}: ${progressText(item, now)}.`);
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : String(failure));
      beep('error');
    }
  };

  return (
    <Stack gap="sm" style={{ flex: 1 }}>
      {lines.length === 0 ? (
        <Text c="dimmed">Bu siparişte hazırlanan kalem kalmadı.</Text>
      ) : (
        lines.map((item) => (
          <PrepareLine
            key={item.id}
            item={item}
            pieces={counts[item.id] ?? 0}
            onStep={(direction) =>
              onCountsChange((current) => ({
                ...current,
                [item.id]: stepCount(item, current[item.id] ?? 0, direction),
              }))
            }
          />
        ))
      )}
      <Box
        data-testid="prepare-scan-footer"
        pos="sticky"
        bottom={0}
        mt="auto"
        bg="var(--mantine-color-body)"
        py="sm"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 1 }}
      >
        <Stack gap="xs">
          {refusal && (
            <Alert color="red" role="alert" p="xs">
              {refusal}
            </Alert>
          )}
          {taken && (
            <Text size="sm" c="teal" role="status">
              {taken}
            </Text>
          )}
          <ScanField label="Koli okut" onScan={(code) => void onScan(code)} loadReader={loadReader} />
          <Button
            fullWidth
            color="teal"
            disabled={ready.length === 0}
            loading={bulk.submitting}
            onClick={() =>
              void bulk.run(
                ready.map((item) => ({ order, item })),
                PREPARED,
              )
            }
          >
            {orderItemMachine.actionLabel(PREPARED)}
            {ready.length > 0 ? ` (${formatNumber(ready.length)})` : ''}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
