import { vehicleDescription } from '@mandira/contract/fleet';
import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@mandira/contract/shipment-machine';
import { Chip, Group, Select } from '@mantine/core';
import { useVehicles } from '../../api/fleet.ts';
import { sortedOptions, turkishOptionsFilter } from '../../lib/forms/select-options.ts';
import { DateRangeFilter } from '../../lib/forms/turkish-date-input.tsx';
import type { ShipmentFilters as Filters } from './api.ts';
import { CityFilter } from './city-filter.tsx';

const STATUS_OPTIONS = Object.entries(SHIPMENT_STATUS_LABELS).map(([value, label]) => ({ value, label }));

type Props = { value: Filters; onChange: (next: Partial<Filters>) => void };

/** The list's filters, each applied by the server over every shipment, not only the page shown. */
export function ShipmentFilters({ value, onChange }: Props) {
  const vehicles = useVehicles();
  const vehicleOptions = sortedOptions(
    (vehicles.data ?? []).map((vehicle) => ({
      value: String(vehicle.id),
      label: vehicleDescription(vehicle),
    })),
  );
  return (
    <Group gap="xs" data-testid="shipment-filters">
      <Chip
        checked={value.awaitingAcceptance === true}
        onChange={(checked) => onChange({ awaitingAcceptance: checked ? true : undefined })}
        variant="outline"
      >
        Kabul bekleyen yükler
      </Chip>
      <Select
        aria-label="Durum"
        placeholder="Tüm durumlar"
        data={STATUS_OPTIONS}
        value={value.status ?? null}
        onChange={(status) => onChange({ status: (status as ShipmentStatus | null) ?? undefined })}
        clearable
        clearButtonProps={{ 'aria-label': 'Durum filtresini temizle' }}
        w={240}
        comboboxProps={{ withinPortal: true }}
      />
      <CityFilter value={value.cityPlateCode} onChange={(cityPlateCode) => onChange({ cityPlateCode })} />
      <Select
        aria-label="Araç"
        placeholder={vehicles.error ? 'Araçlar yüklenemedi' : 'Tüm araçlar'}
        data={vehicleOptions}
        value={value.vehicleId === undefined ? null : String(value.vehicleId)}
        onChange={(id) => onChange({ vehicleId: id ? Number(id) : undefined })}
        searchable
        filter={turkishOptionsFilter}
        clearable
        clearButtonProps={{ 'aria-label': 'Araç filtresini temizle' }}
        nothingFoundMessage="Araç bulunamadı"
        w={220}
        comboboxProps={{ withinPortal: true }}
      />
      <DateRangeFilter value={value} onChange={onChange} width={170} />
    </Group>
  );
}
