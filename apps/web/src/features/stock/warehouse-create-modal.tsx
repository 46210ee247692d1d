import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateWarehouseBody,
  DEFAULT_WAREHOUSE_TYPE,
  WAREHOUSE_MAP_CENTER,
  WAREHOUSE_MAP_ZOOM,
  WAREHOUSE_TYPE_LABELS,
} from '@mandira/contract/stock';
import { Button, Loader, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FIELD_MESSAGES } from '../../lib/forms/contract-resolver.ts';
import { FormError } from '../../lib/forms/form-error.tsx';
import { NumberField } from '../../lib/forms/number-field.tsx';
import { showServerError } from '../../lib/forms/server-error.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { MapPicker } from '../../lib/maps/map-picker.tsx';
import { CancelButton, FormModal } from '../../lib/modals/form-modal.tsx';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';
import { useCreateWarehouse } from './api.ts';

type Values = z.input<typeof CreateWarehouseBody>;
type Output = z.output<typeof CreateWarehouseBody>;

const LABELS = {
  shortName: 'Kısa Ad',
  warehouseType: 'Depo Tipi',
  description: 'Açıklama',
  address: 'Adres',
  phone: 'Telefon',
  capacityInM3: 'Kapasite (m³)',
  surfaceAreaInSquareMeters: 'Yüzey Alanı (m²)',
  latitude: 'Enlem',
  longitude: 'Boylam',
} as const;

const TYPE_OPTIONS = Object.entries(WAREHOUSE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** Capacity 0 and surface 1 by default, cold storage, no point chosen yet. */
const DEFAULTS: Values = {
  shortName: '',
  description: '',
  address: '',
  phone: '',
  capacityInM3: 0,
  warehouseType: DEFAULT_WAREHOUSE_TYPE,
  surfaceAreaInSquareMeters: 1,
  latitude: null,
  longitude: null,
};

// The server's schema, so the form refuses what the server would; an empty number field is the default.
const resolver = zodResolver(CreateWarehouseBody, FIELD_MESSAGES);

export function WarehouseCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Yeni Depo Oluştur" size="xl">
      {opened && <WarehouseCreateForm onDone={onClose} />}
    </FormModal>
  );
}

function WarehouseCreateForm({ onDone }: { onDone: () => void }) {
  const createWarehouse = useCreateWarehouse();
  const [serverError, setServerError] = useState<string>();
  const { register, control, handleSubmit, reset, formState, setError } = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: DEFAULTS,
  });

  // Idle → submitting (a second click is ignored) → reset, reload, close; a failure keeps it open.
  const create = useSubmitGuard(async (values: Output) => {
    setServerError(undefined);
    try {
      const warehouse = await createWarehouse.mutateAsync(values);
      notifications.show({
        color: 'green',
        message: `${warehouse.shortName} (${warehouse.name}) oluşturuldu.`,
      });
      reset(DEFAULTS);
      onDone();
    } catch (error) {
      console.error('Depo oluşturma başarısız', error);
      setServerError(showServerError(setError, error, LABELS));
    }
  });

  const numberField = (name: 'capacityInM3' | 'surfaceAreaInSquareMeters') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={LABELS[name]}
          decimals={2}
          value={field.value}
          onChange={(value) => field.onChange(value ?? null)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={handleSubmit((values) => void create.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={LABELS.shortName}
            withAsterisk
            data-autofocus
            {...register('shortName')}
            error={formState.errors.shortName?.message}
          />
          <Controller
            control={control}
            name="warehouseType"
            render={({ field }) => (
              <Select
                label={LABELS.warehouseType}
                data={TYPE_OPTIONS}
                allowDeselect={false}
                value={field.value ?? DEFAULT_WAREHOUSE_TYPE}
                onChange={(value) => field.onChange(value ?? DEFAULT_WAREHOUSE_TYPE)}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Textarea
            label={LABELS.description}
            autosize
            minRows={2}
            {...register('description')}
            error={formState.errors.description?.message}
          />
          <Textarea
            label={LABELS.address}
            autosize
            minRows={2}
            {...register('address')}
            error={formState.errors.address?.message}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label={LABELS.phone} {...register('phone')} error={formState.errors.phone?.message} />
          {numberField('capacityInM3')}
          {numberField('surfaceAreaInSquareMeters')}
        </SimpleGrid>
        <Controller
          control={control}
          name="latitude"
          render={({ field: latitude }) => (
            <Controller
              control={control}
              name="longitude"
              render={({ field: longitude }) => (
                <MapPicker
                  label="Konum (haritaya tıklayın ya da enlem ve boylamı yazın)"
                  height={400}
                  zoom={WAREHOUSE_MAP_ZOOM}
                  center={WAREHOUSE_MAP_CENTER}
                  errors={{
                    latitude: formState.errors.latitude?.message,
                    longitude: formState.errors.longitude?.message,
                  }}
                  value={
                    typeof latitude.value === 'number' && typeof longitude.value === 'number'
                      ? { latitude: latitude.value, longitude: longitude.value }
                      : null
                  }
                  onChange={(point) => {
                    latitude.onChange(point.latitude);
                    longitude.onChange(point.longitude);
                  }}
                />
              )}
            />
          )}
        />
        <FormError title="Depo oluşturulamadı" message={serverError} />
        <ModalFooter>
          <CancelButton onClick={onDone} disabled={create.submitting} />
          <Button
            type="submit"
            disabled={create.submitting}
            leftSection={create.submitting ? <Loader size={14} /> : undefined}
            miw={130}
          >
            {create.submitting ? 'Oluşturuluyor...' : 'Oluştur'}
          </Button>
        </ModalFooter>
      </Stack>
    </form>
  );
}
