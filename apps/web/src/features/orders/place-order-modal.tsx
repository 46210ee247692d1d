import { zodResolver } from '@hookform/resolvers/zod';
import type { Basket } from '@mandira/contract/baskets';
import { istanbulDate } from '@mandira/contract/istanbul-time';
import { ApplyToOrderBody, BRANCH_REQUIRED_MESSAGE, type OrderColor } from '@mandira/contract/orders';
import { ColorSwatch, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useBuyerWarehouses } from '../../api/buyers.ts';
import { formatMoney } from '../../lib/format/format.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { sortedOptions } from '../../lib/forms/select-options.ts';
import { showServerError } from '../../lib/forms/server-error.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { ORDER_COLOR_OPTIONS, ORDER_COLOR_SWATCH } from '../../lib/orders/order-colors.ts';
import { usePlaceOrder } from './api.ts';
import { isoDayToShown, shownDayToIso } from './shipment-day.ts';

type Values = z.input<typeof ApplyToOrderBody>;
type Output = z.output<typeof ApplyToOrderBody>;
/** The form's fields with their labels: a server refusal of one of them shows under it. */
const FIELD_LABELS = {
  buyerRequestReferenceCode: 'Müşteri Talep Referans Kodu',
  buyerBranch: 'Teslimat Şubesi',
  plannedShipmentDate: 'Planlanan Sevkiyat Tarihi',
  colorGroup: 'Renk Etiketi',
};

const schemaResolver = zodResolver(ApplyToOrderBody);

/**
 * The contract's schema, and the server's rule that a buyer with delivery warehouses names one
 * (decision 102): both errors show at once on an empty form.
 */
function resolverFor(hasBranches: boolean): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    if (!hasBranches || (values.buyerBranch !== null && values.buyerBranch !== undefined)) return result;
    return {
      values: {},
      errors: { ...result.errors, buyerBranch: { type: 'required', message: BRANCH_REQUIRED_MESSAGE } },
    };
  };
}

type Props = { basket: Basket | null; onClose: () => void };

/** 'Sipariş Oluştur': a buyer's basket becomes an order (docs/domain/orders.md). */
export function PlaceOrderModal({ basket, onClose }: Props) {
  return (
    <FormModal opened={basket !== null} onClose={onClose} title="Sipariş Oluştur" size="lg">
      {basket && <PlaceOrderForm key={basket.buyerId} basket={basket} onDone={onClose} />}
    </FormModal>
  );
}

function PlaceOrderForm({ basket, onDone }: { basket: Basket; onDone: () => void }) {
  const placeOrder = usePlaceOrder();
  const warehouses = useBuyerWarehouses(basket.buyerId);
  const [serverError, setServerError] = useState<string>();
  const hasBranches = (warehouses.data?.length ?? 0) > 0;
  const resolver = useMemo(() => resolverFor(hasBranches), [hasBranches]);
  const { control, handleSubmit, register, formState, getValues, setError } = useForm<
    Values,
    unknown,
    Output
  >({
    resolver,
    defaultValues: {
      buyerId: basket.buyerId,
      buyerRequestReferenceCode: '',
      buyerBranch: null,
      plannedShipmentDate: null,
      colorGroup: null,
    },
  });
  const branches = useMemo(
    () =>
      sortedOptions(
        (warehouses.data ?? []).map((warehouse) => ({
          value: String(warehouse.id),
          label: `${warehouse.title} (${warehouse.code})`,
        })),
      ),
    [warehouses.data],
  );
  const today = istanbulDate(new Date());

  const place = useSubmitGuard(async (values: Output) => {
    setServerError(undefined);
    try {
      // The day travels as the contract has it, dd-MM-yyyy; the picker shows it as GG.AA.YYYY like every other date.
      const order = await placeOrder.mutateAsync({
        ...values,
        plannedShipmentDate: getValues('plannedShipmentDate') ?? null,
      });
      notifications.show({
        color: 'green',
        message: `${order.orderNumber} numaralı sipariş oluşturuldu (${basket.buyer.title}).`,
      });
      onDone();
    } catch (error) {
      setServerError(showServerError(setError, error, FIELD_LABELS));
    }
  });

  return (
    <form onSubmit={handleSubmit((values) => void place.run(values))} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          <b>{basket.buyer.title}</b> · {basket.basketItems.length} kalem · {formatMoney(basket.totalPrice)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Müşteri Talep Referans Kodu"
            placeholder="Örn. SAT-2026-118"
            data-autofocus
            error={formState.errors.buyerRequestReferenceCode?.message}
            {...register('buyerRequestReferenceCode')}
          />
          <Controller
            control={control}
            name="buyerBranch"
            render={({ field, fieldState }) => (
              <Select
                label="Teslimat Şubesi"
                withAsterisk={branches.length > 0}
                placeholder={
                  warehouses.isPending
                    ? 'Şubeler yükleniyor...'
                    : branches.length === 0
                      ? 'Müşterinin deposu yok'
                      : 'Şube seçiniz'
                }
                clearable
                disabled={branches.length === 0}
                data={branches}
                value={field.value === null || field.value === undefined ? null : String(field.value)}
                onChange={(value) => field.onChange(value)}
                error={fieldState.error?.message ?? (warehouses.error ? 'Şubeler alınamadı.' : undefined)}
              />
            )}
          />
          <Controller
            control={control}
            name="plannedShipmentDate"
            render={({ field, fieldState }) => (
              <DatePickerInput
                label="Planlanan Sevkiyat Tarihi"
                withAsterisk
                placeholder="GG.AA.YYYY"
                valueFormat="DD.MM.YYYY"
                leftSection={<IconCalendar size={16} />}
                minDate={today}
                clearable
                value={shownDayToIso(field.value as string | null)}
                onChange={(value) => field.onChange(isoDayToShown(value))}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="colorGroup"
            render={({ field, fieldState }) => (
              <Select
                label="Renk Etiketi"
                placeholder="Renk seçiniz"
                clearable
                data={ORDER_COLOR_OPTIONS}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value)}
                leftSection={
                  field.value ? (
                    <ColorSwatch size={14} color={ORDER_COLOR_SWATCH[field.value as OrderColor]} />
                  ) : null
                }
                renderOption={({ option }) => (
                  <Group gap="xs">
                    <ColorSwatch size={14} color={ORDER_COLOR_SWATCH[option.value as OrderColor]} />
                    {option.label}
                  </Group>
                )}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <FormError title="Sipariş oluşturulamadı" message={serverError} />
        <FormActions submitting={place.submitting} onCancel={onDone} submitLabel="Sipariş Oluştur" />
      </Stack>
    </form>
  );
}
