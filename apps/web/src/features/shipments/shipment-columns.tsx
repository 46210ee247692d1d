import type { Shipment } from '@mandira/contract/shipments';
import { Text, Tooltip } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatNumber } from '../../lib/format/format.ts';
import {
  formatDuration,
  formatKilometres,
  formatTons,
  kilometres,
  minutes,
  stopTitles,
} from './shipment-format.ts';
import { ShipmentStatusBadge } from './shipment-status-badge.tsx';

const ESTIMATE_NOTE = 'Tahmini: duraklar arası kuş uçuşu mesafe × 1,3, saatte 60 km';

/** A route figure; an estimate (no routing service) is marked '≈' and says how it was made. */
function RouteFigure({ shipment, text }: { shipment: Shipment; text: string }) {
  if (!text)
    return (
      <Text fz="sm" c="dimmed">
        –
      </Text>
    );
  if (!shipment.routeIsEstimate) return <>{text}</>;
  return (
    <Tooltip label={ESTIMATE_NOTE} withArrow>
      <Text fz="sm" span>
        ≈ {text}
      </Text>
    </Tooltip>
  );
}

const tonsColumn = (
  id: 'expectedWeightInTons' | 'loadedWeightInTons',
  header: string,
): DataTableColumn<Shipment> => ({
  id,
  header,
  value: (shipment) => shipment[id],
  render: (shipment) => formatTons(shipment[id]),
  align: 'right',
  noWrap: true,
});

/** Code, vehicle, from, stops, to, items, expected and weighed tons, km, duration, description, status. */
export const SHIPMENT_COLUMNS: DataTableColumn<Shipment>[] = [
  {
    id: 'shipmentCode',
    header: 'Kod',
    value: (shipment) => shipment.shipmentCode,
    render: (shipment) => (
      <Text fz="sm" fw={600} ff="monospace">
        {shipment.shipmentCode}
      </Text>
    ),
    noWrap: true,
  },
  {
    id: 'vehicle',
    header: 'Araç',
    value: (shipment) => shipment.vehicleDescription,
    searchValue: (shipment) => `${shipment.vehicleDescription} ${shipment.driverFullName}`,
    render: (shipment) => (
      <>
        <Text fz="sm">{shipment.vehicleDescription}</Text>
        <Text fz="xs" c="dimmed">
          {shipment.driverFullName}
        </Text>
      </>
    ),
    minWidth: 140,
  },
  { id: 'from', header: 'Çıkış', value: (shipment) => stopTitles(shipment, 'FROM'), minWidth: 100 },
  {
    id: 'stops',
    header: 'Ara Duraklar',
    value: (shipment) => stopTitles(shipment, 'INTERMEDIATE'),
    minWidth: 110,
  },
  {
    id: 'to',
    header: 'Varış',
    value: (shipment) => stopTitles(shipment, 'TO'),
    searchValue: (shipment) =>
      `${shipment.destination.buyerTitle} ${shipment.destination.buyerCode} ${stopTitles(shipment, 'TO')} ${shipment.toCity?.name ?? ''}`,
    render: (shipment) => (
      <>
        <Text fz="sm" fw={500}>
          {shipment.destination.buyerTitle}
        </Text>
        <Text fz="sm">{stopTitles(shipment, 'TO')}</Text>
        {shipment.toCity && (
          <Text fz="xs" c="dimmed">
            {shipment.toCity.name}
          </Text>
        )}
      </>
    ),
    // The buyer and its depot on a line each, not broken word by word.
    minWidth: 190,
  },
  {
    id: 'totalItemCount',
    header: 'Ürün Adedi',
    value: (shipment) => shipment.totalItemCount,
    render: (shipment) => formatNumber(shipment.totalItemCount),
    align: 'right',
  },
  tonsColumn('expectedWeightInTons', 'Beklenen (ton)'),
  {
    ...tonsColumn('loadedWeightInTons', 'Tartılan (ton)'),
    // Outside tolerance or above capacity: in red (decision 102); the status says what to do.
    render: (shipment) => (
      <Text
        fz="sm"
        fw={shipment.weightWarning ? 700 : undefined}
        c={shipment.weightWarning ? 'red' : undefined}
      >
        {formatTons(shipment.loadedWeightInTons)}
      </Text>
    ),
  },
  {
    id: 'routeDistance',
    header: 'Mesafe (km)',
    value: (shipment) => kilometres(shipment.routeDistance),
    render: (shipment) => <RouteFigure shipment={shipment} text={formatKilometres(shipment.routeDistance)} />,
    exportValue: (shipment) => kilometres(shipment.routeDistance),
    align: 'right',
    noWrap: true,
  },
  {
    id: 'duration',
    header: 'Süre',
    // Sorted by minutes, shown and exported as '14 sa 16 dk'.
    value: (shipment) => minutes(shipment.duration),
    render: (shipment) => <RouteFigure shipment={shipment} text={formatDuration(shipment.duration)} />,
    exportValue: (shipment) => formatDuration(shipment.duration),
    align: 'right',
    noWrap: true,
  },
  { id: 'description', header: 'Açıklama', value: (shipment) => shipment.description, minWidth: 110 },
  {
    // Last, beside the steps it decides.
    id: 'status',
    header: 'Durum',
    // Beside the actions at 1366 px: the steps offered depend on it (decision 158).
    pinnedEnd: true,
    value: (shipment) => shipment.statusDetail.label,
    render: (shipment) => (
      <>
        <ShipmentStatusBadge status={shipment.statusDetail} />
        {shipment.weightWarning && (
          <Tooltip label={shipment.weightWarning} multiline w={320} withArrow>
            <Text fz="xs" fw={600} c="red" mt={4} data-testid="weight-warning">
              Tolerans dışı: yeniden kontrol
            </Text>
          </Tooltip>
        )}
      </>
    ),
    noWrap: true,
    // 'Yük Kontrolü Tamamlandı' in full beside the row's buttons.
    minWidth: 180,
  },
];
