import { Alert, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { shipmentOptionLabel } from './shipment-label.ts';
import type { TruckChoice } from './truck-choices.ts';

type Props = {
  choices: readonly TruckChoice[] | undefined;
  /** The order's delivery point, as `deliveryPointText` reads it. */
  deliveryPoint: string;
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * 'Sevkiyat' of the load form: the trucks stopping at the order's delivery point first, each option saying
 * where it goes; one that does not stop there is shown disabled with the reason (decision 140).
 */
export function TruckPicker({ choices, deliveryPoint, value, onChange }: Props) {
  const byId = new Map((choices ?? []).map((choice) => [String(choice.shipment.id), choice]));
  const chosen = value ? byId.get(value) : undefined;
  const noneFits = choices !== undefined && choices.length > 0 && !choices.some((choice) => choice.fits);
  return (
    <Stack gap={6}>
      <Select
        label="Sevkiyat"
        description={`Teslim noktası: ${deliveryPoint}`}
        placeholder={choices ? 'Yüklenen sevkiyatlardan birini seçiniz' : 'Sevkiyatlar yükleniyor...'}
        data={(choices ?? []).map((choice) => ({
          value: String(choice.shipment.id),
          label: shipmentOptionLabel(choice.shipment),
          disabled: !choice.fits,
        }))}
        value={value}
        onChange={onChange}
        searchable
        nothingFoundMessage="Kayıt bulunamadı"
        required
        maxDropdownHeight={320}
        renderOption={({ option }) => {
          const choice = byId.get(option.value);
          return (
            <div data-testid="truck-option" data-fits={choice?.fits ? 'true' : 'false'}>
              <Text fz="sm" fw={choice?.fits ? 600 : 400}>
                {option.label}
              </Text>
              <Text fz="xs">{choice?.route}</Text>
              {choice?.reason && (
                <Text fz="xs" c="red.9">
                  {choice.reason}
                </Text>
              )}
            </div>
          );
        }}
      />
      {chosen && (
        <Text fz="xs" data-testid="truck-route">
          {chosen.route}
          {!chosen.leavesFromLoading &&
            ' · Araç yüklediğiniz depodan çıkmıyor; irsaliyede her satır yüklendiği depoyu gösterir.'}
        </Text>
      )}
      {noneFits && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="no-fitting-shipment"
        >
          Siparişin teslim noktasına uğrayan, yükleme yapılan bir sevkiyat yok. Sevkiyat için lütfen sorumlu
          kişiyle görüşünüz.
        </Alert>
      )}
    </Stack>
  );
}
