import { LEFT_WAREHOUSE_STATUSES } from '@mandira/contract/loading';
import { type OrderItemStatus, orderItemMachine } from '@mandira/contract/order-machines';
import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import type { Shipment, ShipmentContentLine } from '@mandira/contract/shipments';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChecks, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useHasPrivilege } from '../../api/current-user.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { formatNumber } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { confirmAction } from '../../lib/modals/confirm.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { AcceptScan } from './accept-scan.tsx';
import { CONTENT_COLUMNS } from './content-columns.tsx';
import {
  useAcceptLoad,
  useAcceptShipmentLoads,
  useRejectLoad,
  useShipmentContent,
} from './load-acceptance-api.ts';
import { formatTons } from './shipment-format.ts';
import { ShipmentStatusBadge } from './shipment-status-badge.tsx';

const SHIPMENT_LIST = '/sevkiyat-yonetimi';

/**
 * Once the truck has left, its loads can no longer be reported as not loaded (docs/domain/orders.md,
 * REJECT_LOAD_STATUS).
 */
const DEPARTED: readonly ShipmentStatus[] = LEFT_WAREHOUSE_STATUSES;

type Verdict = 'ACCEPT_LOAD_STATUS' | 'REJECT_LOAD_STATUS';
const VERDICTS: readonly string[] = ['ACCEPT_LOAD_STATUS', 'REJECT_LOAD_STATUS'];

/** The item machine's answer for a loaded line: accept while loaded, reject until the truck leaves. */
function verdictsOf(shipment: Shipment, line: ShipmentContentLine): Verdict[] {
  return orderItemMachine
    .actionsFrom(line.itemStatusDetail.name as OrderItemStatus, {
      orderStatus: 'IN_PROGRESS',
      orderedQuantity: line.pieces,
      quantity: line.pieces,
      quantityInBox: line.quantityInBox,
      loadedQuantity: line.pieces,
      onDelivery: DEPARTED.includes(shipment.status),
    })
    .filter((action): action is Verdict => VERDICTS.includes(action));
}

/** The verdict buttons' height: a finger's width on the dock's tablet. */
const VERDICT_BUTTON_HEIGHT = 44;

const isWaiting = (shipment: Shipment, line: ShipmentContentLine) =>
  verdictsOf(shipment, line).includes('ACCEPT_LOAD_STATUS');

/** The line after `done` in the table's order (by order number) still waiting for a verdict. */
function nextWaitingLine(
  shipment: Shipment,
  lines: readonly ShipmentContentLine[],
  done: ShipmentContentLine,
): ShipmentContentLine | undefined {
  const ordered = [...lines].sort((a, b) => a.orderNumber - b.orderNumber);
  const at = Math.max(
    0,
    ordered.findIndex((line) => line.orderItemId === done.orderItemId),
  );
  return [...ordered.slice(at + 1), ...ordered.slice(0, at)].find(
    (line) => line.orderItemId !== done.orderItemId && isWaiting(shipment, line),
  );
}

/**
 * How many lines still wait for the staff and which is next (the one just focused, else the first by
 * order number), or that none does.
 */
function WaitingLines({
  shipment,
  lines,
  waiting,
  next,
}: {
  shipment: Shipment;
  lines: readonly ShipmentContentLine[];
  waiting: readonly ShipmentContentLine[];
  next: number | null;
}) {
  if (lines.length === 0) return null;
  if (waiting.length > 0) {
    const upNext =
      waiting.find((line) => line.orderItemId === next) ??
      [...waiting].sort((a, b) => a.orderNumber - b.orderNumber)[0]!;
    return (
      <Text fz="sm" data-testid="waiting-lines">
        <b>
          Kabul bekleyen {formatNumber(waiting.length)} / {formatNumber(lines.length)} kalem
        </b>
        {` · sıradaki: sipariş ${upNext.orderNumber}, '${upNext.productName}'`}
      </Text>
    );
  }
  return (
    <Alert color="teal" variant="light" icon={<IconChecks size={18} />} data-testid="waiting-lines">
      <Text fz="sm">
        {shipment.shipmentCode} sevkiyatında kabul bekleyen kalem kalmadı; 'Sevkiyat Listesi' ile listeye
        dönebilirsiniz.
      </Text>
    </Alert>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {children || '–'}
      </Text>
    </div>
  );
}

function ShipmentFacts({ shipment }: { shipment: Shipment }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="shipment-facts">
      <SimpleGrid cols={{ base: 2, md: 6 }} spacing="sm">
        <Fact label="Sevkiyat">
          <Group gap="xs" component="span">
            <span>{shipment.shipmentCode}</span>
            <ShipmentStatusBadge status={shipment.statusDetail} />
          </Group>
        </Fact>
        <Fact label="Araç">{shipment.vehicleDescription}</Fact>
        <Fact label="Sürücü">{shipment.driverFullName}</Fact>
        <Fact label="Güzergâh">{shipment.stops.map((stop) => stop.title).join(' → ')}</Fact>
        <Fact label="Yüklenen">{formatNumber(shipment.totalItemCount)} adet</Fact>
        <Fact label="Beklenen Ağırlık">
          {shipment.expectedWeightInTons === null ? '' : `${formatTons(shipment.expectedWeightInTons)} ton`}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

/**
 * 'Sevkiyat Yük Kabulü' (`?orderShipmentId=`): what is loaded on a shipment; the shipping
 * staff accept each item's load or report it as not loaded, line after line without leaving the
 * shipment (decision 142). The back office reads the same page without the buttons.
 */
export default function ShipmentContentsPage() {
  const [params] = useSearchParams();
  const raw = params.get('orderShipmentId');
  const shipmentId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const content = useShipmentContent(shipmentId);
  const mayAct = useHasPrivilege('SHIPMENT_LOAD_ACCEPTANCE');
  const accept = useAcceptLoad();
  const reject = useRejectLoad();
  const acceptAll = useAcceptShipmentLoads();
  const navigate = useNavigate();

  // 'Tümünü Kabul Et' (decision 103): every line the machine lets the staff accept, after one question.
  const actOnAll = useSubmitGuard(async (shipment: Shipment, lines: ShipmentContentLine[]) => {
    const pieces = lines.reduce((sum, line) => sum + line.pieces, 0);
    const confirmed = await confirmAction({
      title: 'Tümünü Kabul Et',
      message: `${shipment.shipmentCode} sevkiyatındaki ${lines.length} kalemin (${formatNumber(pieces)} adet) yüklemesi kabul edilecek. Emin misiniz?`,
      confirmLabel: 'Tümünü Kabul Et',
    });
    if (!confirmed) return;
    try {
      await acceptAll.mutateAsync({
        shipmentId: shipment.id,
        orderItemIds: lines.map((line) => line.orderItemId),
      });
      notifications.show({
        color: 'green',
        message: `${shipment.shipmentCode}: ${lines.length} kalemin yüklemesi kabul edildi.`,
      });
      navigate(SHIPMENT_LIST);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Yüklemeler kabul edilemedi',
        message: errorMessage(error),
        autoClose: 8000,
      });
    }
  });

  // After a verdict the page stays on the shipment: the next line waiting for one takes the focus.
  const [nextLine, setNextLine] = useState<number | null>(null);
  const act = useSubmitGuard(async (shipment: Shipment, line: ShipmentContentLine, verdict: Verdict) => {
    const what = `${line.orderNumber} numaralı siparişin '${line.productName}' kalemi`;
    if (
      verdict === 'REJECT_LOAD_STATUS' &&
      !(await confirmAction({
        title: orderItemMachine.actionLabel(verdict),
        message: `${what} yüklenmedi olarak bildirilecek; ${formatNumber(line.pieces)} adet stoğa geri döner ve kalem yeniden yüklenmeyi bekler. Emin misiniz?`,
        confirmLabel: orderItemMachine.actionLabel(verdict),
        danger: true,
      }))
    ) {
      return;
    }
    try {
      if (verdict === 'ACCEPT_LOAD_STATUS') {
        await accept.mutateAsync({ orderShipmentId: shipment.id, orderItemId: line.orderItemId });
      } else {
        await reject.mutateAsync({ orderId: line.orderId, itemId: line.orderItemId });
      }
      notifications.show({
        color: 'green',
        message:
          verdict === 'ACCEPT_LOAD_STATUS'
            ? `${what}: yükleme kabul edildi.`
            : `${what}: yüklenmedi olarak bildirildi.`,
      });
      setNextLine(nextWaitingLine(shipment, content.data?.lines ?? [], line)?.orderItemId ?? null);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'İşlem yapılamadı',
        message: errorMessage(error),
        autoClose: 8000,
      });
    }
  });

  const shipment = content.data?.shipment;
  const acceptable =
    mayAct && shipment ? (content.data?.lines ?? []).filter((line) => isWaiting(shipment, line)) : [];
  const busy = act.submitting || actOnAll.submitting;
  useEffect(() => {
    if (busy || nextLine === null) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-accept-line="${nextLine}"]`);
    button?.scrollIntoView({ block: 'center' });
    button?.focus();
  }, [busy, nextLine]);
  return (
    <>
      <PageHeader
        title="Sevkiyat Yük Kabulü"
        description={
          shipment
            ? `${shipment.shipmentCode} sevkiyatına yüklenen siparişler`
            : 'Sevkiyata yüklenen siparişler'
        }
        actions={
          <Group gap="sm">
            {shipment && acceptable.length > 0 && (
              <Button
                color="teal"
                leftSection={<IconChecks size={16} />}
                loading={actOnAll.submitting}
                disabled={busy}
                onClick={() => void actOnAll.run(shipment, acceptable)}
              >
                Tümünü Kabul Et ({acceptable.length})
              </Button>
            )}
            <Button
              component={Link}
              to={SHIPMENT_LIST}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Sevkiyat Listesi
            </Button>
          </Group>
        }
      />
      {shipmentId === undefined ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Sevkiyat seçilmedi">
          Yük kabulü için sevkiyat listesinden bir sevkiyatın 'İçerik' bağlantısını açınız.
        </Alert>
      ) : (
        <Stack gap="md">
          {shipment && <ShipmentFacts shipment={shipment} />}
          {shipment && acceptable.length > 0 && (
            <AcceptScan
              waiting={acceptable}
              onAccept={(line) => act.run(shipment, line, 'ACCEPT_LOAD_STATUS')}
            />
          )}
          {mayAct && shipment && content.data && (
            <WaitingLines
              shipment={shipment}
              lines={content.data.lines}
              waiting={acceptable}
              next={nextLine}
            />
          )}
          <DataTable
            name={`sevkiyat-icerigi-${shipment?.shipmentCode ?? shipmentId}`}
            columns={CONTENT_COLUMNS}
            data={content.data?.lines}
            getRowId={(line) => line.orderItemId}
            loading={content.isPending}
            error={content.error}
            onRetry={() => void content.refetch()}
            initialSort={[{ id: 'orderNumber', desc: false }]}
            minWidth={1000}
            emptyMessage="Bu sevkiyata yüklenmiş ürün yok"
            rowActions={
              mayAct && shipment
                ? (line) => (
                    // Touch-sized on the loading dock: 44 px tall, 10 px apart (WCAG 2.5.5).
                    <Stack gap="xs" align="stretch">
                      {verdictsOf(shipment, line).map((verdict) => (
                        <Button
                          key={verdict}
                          size="sm"
                          h={VERDICT_BUTTON_HEIGHT}
                          variant={verdict === 'ACCEPT_LOAD_STATUS' ? 'filled' : 'light'}
                          color={verdict === 'ACCEPT_LOAD_STATUS' ? 'teal' : 'red'}
                          disabled={busy}
                          data-accept-line={verdict === 'ACCEPT_LOAD_STATUS' ? line.orderItemId : undefined}
                          onClick={() => void act.run(shipment, line, verdict)}
                        >
                          {orderItemMachine.actionLabel(verdict)}
                        </Button>
                      ))}
                    </Stack>
                  )
                : undefined
            }
          />
        </Stack>
      )}
    </>
  );
}
