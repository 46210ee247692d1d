import { zodResolver } from '@hookform/resolvers/zod';
import { type BuyerWarehouse, CreateBuyerWarehouseBody } from '@mandira/contract/buyers';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useBuyers } from '../../api/buyers.ts';
import { ApiRequestError } from '../../api/client.ts';
import { FIELD_MESSAGES } from '../../lib/forms/contract-resolver.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { sortedOptions } from '../../lib/forms/select-options.ts';
import { showServerError } from '../../lib/forms/server-error.ts';
import { type LoadLatest, WithLatestRecord } from '../../lib/forms/stale-record.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { type LatLng, MapPicker } from '../../lib/maps/map-picker.tsx';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { fetchBuyerWarehouse, useSaveBuyerWarehouse } from './api.ts';

/**
 * The buyer warehouses' map opens near Balıkesir, where the dairy and most of its buyers are
 * (decision 25).
 */
const BUYER_MAP_CENTER: LatLng = { latitude: 39.65, longitude: 27.94 };
const LABELS = {
  buyerId: 'Müşteri',
  code: 'Depo Kodu',
  title: 'Depo Adı',
  latitude: 'Enlem',
  longitude: 'Boylam',
} as const;

type Values = z.input<typeof CreateBuyerWarehouseBody>;
type Output = z.output<typeof CreateBuyerWarehouseBody>;

const resolver = zodResolver(CreateBuyerWarehouseBody, FIELD_MESSAGES);

type Props = { opened: boolean; warehouse: BuyerWarehouse | undefined; onClose: () => void };

/** 'Depo Tanımı': a large static modal (a stray click beside the map must not close it). */
export function WarehouseFormModal({ opened, warehouse, onClose }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Depo Tanımı"
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {opened && (
        <WithLatestRecord key={warehouse?.id ?? 'new'} record={warehouse} reload={fetchBuyerWarehouse}>
          {(latestRecord, latest) => (
            <WarehouseForm warehouse={latestRecord} latest={latest} onDone={onClose} />
          )}
        </WithLatestRecord>
      )}
    </FormModal>
  );
}

function WarehouseForm({
  warehouse,
  latest,
  onDone,
}: {
  warehouse: BuyerWarehouse | undefined;
  latest: LoadLatest;
  onDone: () => void;
}) {
  const buyers = useBuyers();
  const saveWarehouse = useSaveBuyerWarehouse();
  const [serverError, setServerError] = useState<string>();
  const { control, handleSubmit, register, formState, setValue, watch, setError } = useForm<
    Values,
    unknown,
    Output
  >({
    resolver,
    defaultValues: {
      buyerId: warehouse ? String(warehouse.buyerId) : undefined,
      code: warehouse?.code ?? '',
      title: warehouse?.title ?? '',
      latitude: warehouse?.latitude ?? null,
      longitude: warehouse?.longitude ?? null,
    },
  });
  const options = useMemo(
    () =>
      sortedOptions((buyers.data ?? []).map((buyer) => ({ value: String(buyer.id), label: buyer.title }))),
    [buyers.data],
  );
  const [latitude, longitude] = watch(['latitude', 'longitude']);
  const location =
    typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;

  const save = useSubmitGuard(async (values: Output) => {
    setServerError(undefined);
    try {
      // The id is sent only when editing; the buyer's title is copied by the server.
      const saved = await saveWarehouse.mutateAsync(
        warehouse ? { ...values, id: warehouse.id, version: warehouse.version } : values,
      );
      notifications.show({ color: 'green', message: `${saved.buyerTitle}: ${saved.title} kaydedildi.` });
      onDone();
    } catch (error) {
      // 'Hata oluştu: ' and the server's message, or 'Bilinmeyen hata'.
      // A refusal of one field shows on that field instead.
      const message = showServerError(setError, error, LABELS);
      if (message === undefined) return;
      setServerError(
        `Hata oluştu: ${error instanceof ApiRequestError && message ? message : 'Bilinmeyen hata'}`,
      );
    }
  });

  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="buyerId"
          render={({ field, fieldState }) => (
            <Select
              label="Müşteri"
              withAsterisk
              searchable
              // Focused when the modal opens; its list would cover the map before anything is asked.
              openOnFocus={false}
              placeholder={buyers.isPending ? 'Müşteriler yükleniyor...' : 'Müşteri seçiniz'}
              nothingFoundMessage="Müşteri bulunamadı"
              data={options}
              value={field.value === undefined || field.value === null ? null : String(field.value)}
              onChange={(value) => field.onChange(value ?? undefined)}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? (buyers.error ? 'Müşteriler alınamadı.' : undefined)}
              data-autofocus
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Depo Kodu"
            withAsterisk
            error={formState.errors.code?.message}
            {...register('code')}
          />
          <TextInput
            label="Depo Adı"
            withAsterisk
            error={formState.errors.title?.message}
            {...register('title')}
          />
        </SimpleGrid>
        <MapPicker
          label="Konum (haritaya tıklayın)"
          value={location}
          center={BUYER_MAP_CENTER}
          height={360}
          errors={{
            latitude: formState.errors.latitude?.message,
            longitude: formState.errors.longitude?.message,
          }}
          onChange={(point) => {
            setValue('latitude', point.latitude, { shouldDirty: true });
            setValue('longitude', point.longitude, { shouldDirty: true });
          }}
        />
        <FormError message={serverError} latest={latest} />
        <FormActions submitting={save.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
