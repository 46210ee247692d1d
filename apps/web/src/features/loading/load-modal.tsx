import { LoadItemBody, type WarehouseStockFigure } from '@mandira/contract/loading';
import type { Order, OrderItem } from '@mandira/contract/orders';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { isUnreadableNumber, NumberField } from '../../lib/forms/number-field.tsx';
import { readServerError } from '../../lib/forms/server-error.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { CancelButton, FormModal } from '../../lib/modals/form-modal.tsx';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { LoadError } from '../../lib/pages/load-states.tsx';
import { useItemWarehouseStocks, useLoadItem, useLoadingShipments } from './api.ts';
import { type ChosenLots, chosenLotsBody, LoadLotsPanel } from './load-lots-panel.tsx';
import { LoadScan } from './load-scan.tsx';
import { deliveryPointText, truckChoices } from './truck-choices.ts';
import { TruckPicker } from './truck-picker.tsx';

export type LoadTarget = { order: Order; item: OrderItem };

type Props = { target: LoadTarget | null; onClose: () => void };

/**
 * 'Araca Yükle' (docs/domain/loading-and-shipments.md): pieces of the item per stock warehouse onto one of
 * the shipments being loaded — only one that stops at the order's delivery point (decision 140). The
 * button waits for such a shipment and a total above 0; a refusal of the server is shown in the modal,
 * which stays open. Under the rows, each warehouse typed into shows the lots first-expired-first-out
 * takes, and lets the clerk choose them instead (decision 152).
 */
export function LoadModal({ target, onClose }: Props) {
  return (
    <FormModal opened={target !== null} onClose={onClose} title="Araca Yükle" size="lg">
      {target && <LoadForm key={target.item.id} target={target} onDone={onClose} />}
    </FormModal>
  );
}

type Quantities = Record<string, number | undefined>;

/** Why a typed quantity cannot be loaded, or undefined. */
function quantityError(value: number | undefined, available: WarehouseStockFigure): string | undefined {
  if (value === undefined || isUnreadableNumber(value)) return undefined;
  if (value < 0) return 'Miktar 0 veya daha büyük olmalıdır.';
  if (value > available.pieces) return `Bu depoda ${formatNumber(available.pieces)} adet var.`;
  return undefined;
}

function LoadForm({ target, onDone }: { target: LoadTarget; onDone: () => void }) {
  const { order, item } = target;
  const shipments = useLoadingShipments();
  const stock = useItemWarehouseStocks(order.id, item.id);
  const load = useLoadItem();
  const [shipmentId, setShipmentId] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Quantities>({});
  const [failure, setFailure] = useState<string>();
  const [chosenLots, setChosenLots] = useState<Record<string, ChosenLots | undefined>>({});
  const [unready, setUnready] = useState<Record<string, boolean>>({});
  const onReadyChange = useCallback(
    (warehouse: string, ready: boolean) => setUnready((current) => ({ ...current, [warehouse]: !ready })),
    [],
  );

  const warehouses = stock.data;
  const typed = Object.values(quantities).filter((value): value is number => typeof value === 'number');
  const unreadable = typed.some(Number.isNaN);
  const total = typed.reduce((sum, value) => (Number.isNaN(value) ? sum : sum + value), 0);
  const overStock = warehouses?.some((one) => quantityError(quantities[one.warehouse], one)) ?? false;
  const overRemaining = total > item.remainingQuantity;
  const noShipment = shipments.data !== undefined && shipments.data.length === 0;
  // The warehouses the pieces come from: those typed into, or before any is typed those holding some.
  const typedInto = warehouses?.filter((one) => (quantities[one.warehouse] ?? 0) > 0) ?? [];
  const loadingFrom = typedInto.length > 0 ? typedInto : (warehouses?.filter((one) => one.pieces > 0) ?? []);
  const choices =
    shipments.data &&
    truckChoices(
      shipments.data,
      order,
      new Map((warehouses ?? []).map((one) => [one.warehouseId, one.warehouseLabel])),
      loadingFrom.map((one) => one.warehouseId),
    );
  const chosenFits = choices?.some((choice) => String(choice.shipment.id) === shipmentId && choice.fits);

  const submit = useSubmitGuard(async () => {
    setFailure(undefined);
    const body = {
      shippingId: Number(shipmentId),
      warehouseStocks: Object.entries(quantities)
        .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0)
        .map(([warehouse, quantity]) => {
          const chosen = chosenLots[warehouse];
          return chosen ? { warehouse, quantity, lots: chosenLotsBody(chosen) } : { warehouse, quantity };
        }),
    };
    // The server's own schema first, so a mistake is told before anything is sent.
    const checked = LoadItemBody.safeParse(body);
    if (!checked.success) {
      setFailure(checked.error.issues[0]?.message);
      return;
    }
    try {
      await load.mutateAsync({ orderId: order.id, itemId: item.id, ...body });
      notifications.show({
        color: 'green',
        message: `${item.productName}: ${formatNumber(total)} adet araca yüklendi.`,
      });
      onDone();
    } catch (error) {
      setFailure(readServerError(error).message);
    }
  });

  const lotsUnready = typedInto.some((one) => unready[one.warehouse]);
  const disabled =
    !chosenFits || total <= 0 || unreadable || overStock || overRemaining || lotsUnready || submit.submitting;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) void submit.run();
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{item.productName}</Text>
            <Text fz="sm" c="dimmed">
              Sipariş {order.orderNumber} · {order.buyer.title}
            </Text>
          </div>
          <Text fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="load-remaining">
            Yüklenen {formatNumber(item.loadedQuantity)} / {formatNumber(item.quantity)} adet
            <br />
            <b>Kalan {formatNumber(item.remainingQuantity)} adet</b>
          </Text>
        </Group>
        {shipments.error ? (
          <LoadError
            title="Sevkiyatlar yüklenemedi"
            error={shipments.error}
            onRetry={() => void shipments.refetch()}
          />
        ) : noShipment ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="no-shipment">
            Yükleme yapılabilecek bir sevkiyat yok. Sevkiyat için lütfen sorumlu kişiyle görüşünüz.
          </Alert>
        ) : (
          <TruckPicker
            choices={choices}
            deliveryPoint={deliveryPointText(order)}
            value={shipmentId}
            onChange={setShipmentId}
          />
        )}
        {warehouses && (
          <LoadScan
            item={item}
            warehouses={warehouses}
            quantities={quantities}
            onQuantitiesChange={setQuantities}
          />
        )}
        {stock.error ? (
          <LoadError title="Stoklar yüklenemedi" error={stock.error} onRetry={() => void stock.refetch()} />
        ) : !warehouses ? (
          <CenteredLoader />
        ) : (
          <Table verticalSpacing={6} withTableBorder>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Depo</Table.Th>
                <Table.Th ta="right">Depodaki Miktar</Table.Th>
                <Table.Th ta="right" w={180}>
                  Yüklenecek Adet
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {warehouses.map((one) => (
                <Table.Tr key={one.warehouse} data-testid="load-warehouse">
                  <Table.Td>{one.warehouseLabel}</Table.Td>
                  <Table.Td ta="right" c={one.pieces > 0 ? undefined : 'dimmed'}>
                    {formatNumber(one.pieces)} adet
                  </Table.Td>
                  <Table.Td>
                    <NumberField
                      aria-label={`${one.warehouseLabel} yüklenecek adet`}
                      size="xs"
                      placeholder="0"
                      value={quantities[one.warehouse]}
                      onChange={(value) =>
                        setQuantities((current) => ({ ...current, [one.warehouse]: value }))
                      }
                      error={quantityError(quantities[one.warehouse], one)}
                      disabled={one.pieces <= 0}
                      unit="adet"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {typedInto
          .filter((one) => !quantityError(quantities[one.warehouse], one))
          .map((one) => (
            <LoadLotsPanel
              key={one.warehouse}
              orderId={order.id}
              itemId={item.id}
              warehouse={one.warehouse}
              warehouseLabel={one.warehouseLabel}
              quantity={quantities[one.warehouse]!}
              chosen={chosenLots[one.warehouse]}
              onChosenChange={(chosen) =>
                setChosenLots((current) => ({ ...current, [one.warehouse]: chosen }))
              }
              onReadyChange={onReadyChange}
            />
          ))}
        <Group justify="space-between">
          <Text fz="sm" data-testid="load-total">
            Toplam: <b>{formatNumber(total)} adet</b>
            {item.quantityInBox > 0 && ` (${formatNumber(Math.floor(total / item.quantityInBox))} koli)`}
          </Text>
          {overRemaining && (
            <Text fz="sm" c="red">
              Kalan {formatNumber(item.remainingQuantity)} adetten fazla yüklenemez.
            </Text>
          )}
        </Group>
        <FormError title="Yükleme yapılamadı" message={failure} />
        <ModalFooter>
          <CancelButton onClick={onDone} disabled={submit.submitting} />
          <Button type="submit" disabled={disabled} loading={submit.submitting}>
            Araca Yükle
          </Button>
        </ModalFooter>
      </Stack>
    </form>
  );
}
