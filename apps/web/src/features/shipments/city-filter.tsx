import { Select } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useCities } from '../../api/fleet.ts';
import { byTurkishText } from '../../lib/format/turkish-order.ts';

type Props = { value: number | undefined; onChange: (plateCode: number | undefined) => void };

/** The destination city of the list (`listShipmentCities`); empty is every city. */
export function CityFilter({ value, onChange }: Props) {
  const cities = useCities();
  const data = [...(cities.data ?? [])]
    .sort(byTurkishText((city) => city.name))
    .map((city) => ({ value: String(city.plateCode), label: city.name }));
  return (
    <Select
      aria-label="Varış ili"
      placeholder={cities.error ? 'İller yüklenemedi' : 'Tüm iller'}
      leftSection={<IconMapPin size={16} />}
      data={data}
      searchable
      clearable
      nothingFoundMessage="İl bulunamadı"
      value={value === undefined ? null : String(value)}
      onChange={(chosen) => onChange(chosen ? Number(chosen) : undefined)}
      w={190}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
