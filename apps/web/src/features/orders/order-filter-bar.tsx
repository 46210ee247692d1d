import { ORDER_STATUS_LABELS, type OrderStatus } from '@mandira/contract/order-machines';
import { ALL_TIME_PERIOD, ORDER_SEARCH_PERIODS, type OrderQuery } from '@mandira/contract/order-query';
import { ALL_LABEL } from '@mandira/contract/products';
import { Button, Checkbox, Grid, Group, MultiSelect, Paper, Select, TextInput } from '@mantine/core';
import { IconRestore, IconSearch } from '@tabler/icons-react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { NumberField } from '../../lib/forms/number-field.tsx';
import { checkOrderFilters, DEFAULT_ORDER_FILTERS, type OrderFilterValues } from './order-filters.ts';

/** 'Tümü' stands for no status filter; it and the statuses exclude one another. */
const ALL = 'ALL';
const STATUS_OPTIONS = [
  { value: ALL, label: ALL_LABEL },
  ...(Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).map((status) => ({
    value: status,
    label: ORDER_STATUS_LABELS[status],
  })),
];

function nextStatuses(current: readonly OrderStatus[], chosen: string[]): OrderStatus[] {
  const pickedAll = chosen.includes(ALL) && current.length > 0;
  return pickedAll ? [] : (chosen.filter((value) => value !== ALL) as OrderStatus[]);
}
const periodLabel = (days: number) =>
  days === ALL_TIME_PERIOD ? 'Tüm zamanlar' : days === 1 ? 'Bugün' : `Son ${days} gün`;
const PERIOD_OPTIONS = ORDER_SEARCH_PERIODS.map((days) => ({
  value: String(days),
  label: periodLabel(days),
}));

// The contract's OrderQuery checks what the filters become; its refusals go under their fields.
const resolver: Resolver<OrderFilterValues> = async (values) => {
  const checked = checkOrderFilters(values);
  if (!checked.errors) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      Object.entries(checked.errors).map(([field, message]) => [field, { type: 'validate', message }]),
    ),
  };
};

type Props = {
  onSearch: (query: OrderQuery) => void;
  /** The filters the screen opened with (from its URL); 'Sıfırla' still returns to the defaults. */
  initialValues?: OrderFilterValues;
};

/** The filter bar of the order screen. */
export function OrderFilterBar({ onSearch, initialValues = DEFAULT_ORDER_FILTERS }: Props) {
  const { control, register, handleSubmit, reset, formState } = useForm<OrderFilterValues>({
    resolver,
    defaultValues: initialValues,
  });
  const { errors } = formState;
  const amountField = (name: 'minAmount' | 'maxAmount', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberField
          label={label}
          decimals={2}
          padDecimals
          unit="₺"
          value={field.value === '' ? undefined : field.value}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit((values) => onSearch(checkOrderFilters(values).query!))} noValidate>
        <Grid gap="sm">
          <Grid.Col span={2}>
            <TextInput
              label="Sipariş No"
              placeholder="Örn. 1024, 1025"
              error={errors.orderNumbers?.message}
              {...register('orderNumbers')}
            />
          </Grid.Col>
          <Grid.Col span={3}>
            <TextInput
              label="Müşteri Kodları"
              placeholder="Virgülle ayırın: M-001, M-002"
              error={errors.buyerCodes?.message}
              {...register('buyerCodes')}
            />
          </Grid.Col>
          <Grid.Col span={5}>
            <Controller
              control={control}
              name="statuses"
              render={({ field, fieldState }) => (
                <MultiSelect
                  label="Durum"
                  data={STATUS_OPTIONS}
                  value={field.value.length === 0 ? [ALL] : field.value}
                  onChange={(value) => field.onChange(nextStatuses(field.value, value))}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={2}>
            <Controller
              control={control}
              name="periodDays"
              render={({ field, fieldState }) => (
                <Select
                  label="Dönem"
                  allowDeselect={false}
                  data={PERIOD_OPTIONS}
                  value={String(field.value)}
                  onChange={(value) => field.onChange(Number(value))}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={2}>{amountField('minAmount', 'En Düşük Tutar')}</Grid.Col>
          <Grid.Col span={2}>{amountField('maxAmount', 'En Yüksek Tutar')}</Grid.Col>
          <Grid.Col span={3}>
            <TextInput
              label="Referans Kodu"
              error={errors.referenceCode?.message}
              {...register('referenceCode')}
            />
          </Grid.Col>
          <Grid.Col span={5}>
            <Group gap="xs" align="center" wrap="nowrap" h="100%" pt={24}>
              <Controller
                control={control}
                name="awaitingCompletion"
                render={({ field }) => (
                  <Checkbox
                    label="Tamamlanmayı bekleyenler"
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                Ara
              </Button>
              <Button
                variant="default"
                leftSection={<IconRestore size={16} />}
                onClick={() => {
                  reset(DEFAULT_ORDER_FILTERS);
                  onSearch(checkOrderFilters(DEFAULT_ORDER_FILTERS).query!);
                }}
              >
                Sıfırla
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </Paper>
  );
}
