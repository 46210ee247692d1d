import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateWarehouseBody,
  DEFAULT_WAREHOUSE_TYPE,
  WAREHOUSE_MAP_CENTER,
  WAREHOUSE_MAP_ZOOM,
  WAREHOUSE_TYPE_LABELS,
} from '@mandira/contract/stock';
import {
  Button,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/error-message.ts';
import { FormError } from '../../lib/form-error.tsx';
import { MapPicker } from '../../lib/map-picker.tsx';
import { ModalFooter } from '../../lib/modal-footer.tsx';
import { useSubmitGuard } from '../../lib/use-submit-guard.ts';
import { useCreateWarehouse } from './api.ts';

type Values = z.input<typeof CreateWarehouseBody>;
type Output = z.output<typeof CreateWarehouseBody>;

const TYPE_OPTIONS = Object.entries(WAREHOUSE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** Spec §5: capacity 0 and surface 1 by default, cold storage, no point chosen yet. */
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
const resolver = zodResolver(CreateWarehouseBody);

export function WarehouseCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Yeni Depo Oluştur" size="xl">
      {opened && <WarehouseCreateForm onDone={onClose} />}
    </Modal>
  );
}

function WarehouseCreateForm({ onDone }: { onDone: () => void }) {
  const createWarehouse = useCreateWarehouse();
  const [serverError, setServerError] = useState<string>();
  const { register, control, handleSubmit, reset, formState } = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: DEFAULTS,
  });

  // Spec §4: idle → submitting (a second click is ignored) → reset, reload, close; a failure keeps it open.
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
      setServerError(errorMessage(error));
    }
  });

  const numberField = (
    name: 'capacityInM3' | 'surfaceAreaInSquareMeters',
    label: string,
    min: number,
    step: number,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          min={min}
          step={step}
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator="."
          allowNegative={false}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
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
            label="Kısa Ad"
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
                label="Depo Tipi"
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
            label="Açıklama"
            autosize
            minRows={2}
            {...register('description')}
            error={formState.errors.description?.message}
          />
          <Textarea
            label="Adres"
            autosize
            minRows={2}
            {...register('address')}
            error={formState.errors.address?.message}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="Telefon" {...register('phone')} error={formState.errors.phone?.message} />
          {numberField('capacityInM3', 'Kapasite (m³)', 0, 1)}
          {numberField('surfaceAreaInSquareMeters', 'Yüzey Alanı (m²)', 1, 0.1)}
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
          <Button variant="default" onClick={onDone} disabled={create.submitting}>
            İptal
          </Button>
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
