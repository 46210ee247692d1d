import { type Shipment, STOP_KINDS } from '@mandira/contract/shipments';
import { Alert, Badge, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { useShipmentContent } from './load-acceptance-api.ts';
import { formatDuration, formatKilometres } from './shipment-format.ts';

const RouteMap = lazy(() => import('./route-map.tsx'));

type Props = { shipment: Shipment | null; onClose: () => void };

/** A shipment's route: its stops in driving order, distance and duration, and the map. */
export function RouteModal({ shipment, onClose }: Props) {
  return (
    <Modal
      opened={shipment !== null}
      onClose={onClose}
      title={shipment ? `Rota: ${shipment.shipmentCode}` : 'Rota'}
      size="xl"
    >
      {shipment && <RouteDetails shipment={shipment} />}
    </Modal>
  );
}

/** Stops carry their place in the route: the same warehouse may be passed twice. */
function numbered<T>(stops: readonly T[]): (T & { position: number })[] {
  return stops.map((stop, index) => ({ ...stop, position: index + 1 }));
}

function RouteDetails({ shipment }: { shipment: Shipment }) {
  const unlocated = shipment.stops.filter((stop) => stop.latitude === null || stop.longitude === null);
  const estimate = shipment.routeIsEstimate && shipment.routeDistance !== null;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={3} spacing="sm">
        <div>
          <Text fz="xs" c="dimmed">
            Mesafe
          </Text>
          <Text fw={600} data-testid="route-distance">
            {shipment.routeDistance === null
              ? '–'
              : `${estimate ? '≈ ' : ''}${formatKilometres(shipment.routeDistance)} km`}
          </Text>
        </div>
        <div>
          <Text fz="xs" c="dimmed">
            Süre
          </Text>
          <Text fw={600} data-testid="route-duration">
            {shipment.duration === null ? '–' : `${estimate ? '≈ ' : ''}${formatDuration(shipment.duration)}`}
          </Text>
        </div>
        <div>
          <Text fz="xs" c="dimmed">
            Kaynak
          </Text>
          <Badge
            variant="light"
            color={shipment.routeDistance === null ? 'gray' : estimate ? 'orange' : 'teal'}
            style={{ textTransform: 'none' }}
          >
            {shipment.routeDistance === null ? 'Hesaplanamadı' : estimate ? 'Tahmini' : 'Yol rotası'}
          </Badge>
        </div>
      </SimpleGrid>
      {estimate && (
        <Text fz="xs" c="dimmed">
          Rota servisi tanımlı değil: mesafe, duraklar arası kuş uçuşu uzaklığın 1,3 katı; süre saatte 60 km
          ile hesaplandı.
        </Text>
      )}
      {unlocated.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
          Konumu girilmemiş durak: {unlocated.map((stop) => stop.title).join(', ')}. Mesafe ve süre bu yüzden
          hesaplanamaz; konumu Müşteri Deposu Yönetimi veya Depo Yönetimi ekranından girin.
        </Alert>
      )}
      <Table withRowBorders={false} verticalSpacing={4} data-testid="route-stops">
        <Table.Tbody>
          {numbered(shipment.stops).map((stop) => (
            <Table.Tr key={stop.position}>
              <Table.Td w={32}>
                <Text fw={700}>{stop.position}.</Text>
              </Table.Td>
              <Table.Td w={90}>
                <Text fz="sm" c="dimmed">
                  {STOP_KINDS[stop.kind]}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Text fz="sm">{stop.title}</Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ShipmentMap shipment={shipment} />
    </Stack>
  );
}

/**
 * The list rows leave the road out (decision 110): a routed shipment's road comes with its content,
 * asked for when the map is shown; an estimate has none and is drawn stop to stop.
 */
function ShipmentMap({ shipment }: { shipment: Shipment }) {
  const routed = !shipment.routeIsEstimate && shipment.routeDistance !== null;
  const content = useShipmentContent(
    routed && shipment.routeGeometry === undefined ? shipment.id : undefined,
  );
  const geometry = shipment.routeGeometry ?? content.data?.shipment.routeGeometry ?? null;
  if (routed && geometry === null && content.isPending && shipment.routeGeometry === undefined) {
    return <CenteredLoader label="Harita yükleniyor..." />;
  }
  return (
    <Suspense fallback={<CenteredLoader label="Harita yükleniyor..." />}>
      <RouteMap stops={shipment.stops} geometry={geometry} height={360} />
    </Suspense>
  );
}
