import {
  type AccountingTransaction,
  PAY_TYPE_LABELS,
  PAY_TYPES_OF_REASON,
  PAYMENT_REASONS,
  type PaymentReason,
  PayOrderBody,
  type PayType,
  TRANSACTION_REASON_LABELS,
} from '@mandira/contract/accounting';
import { Input, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatMoney } from '../../lib/format/format.ts';
import { contractResolver } from '../../lib/forms/contract-resolver.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { FormNumberField } from '../../lib/forms/form-number-field.tsx';
import { showServerError } from '../../lib/forms/server-error.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { usePayOrder } from './api.ts';

/** The form's fields with their labels: a server refusal of one of them shows under it. */
const LABELS = {
  reason: 'İşlem Nedeni',
  payType: 'Ödeme Tipi',
  amount: 'Tutar',
  logoInvoiceId: 'Logo Fatura No',
} as const;

type Values = {
  orderId: number;
  reason: PaymentReason;
  payType: PayType;
  /** Null once emptied: the form then says the amount is required. */
  amount: number | null;
  logoInvoiceId: string;
};

// The server's schema, so a wrong amount or pay type shows on its field before anything is sent.
const resolver = contractResolver<Values>(PayOrderBody);

const REASON_OPTIONS = PAYMENT_REASONS.map((reason) => ({
  value: reason,
  label: TRANSACTION_REASON_LABELS[reason],
}));
const payTypeOptions = (reason: PaymentReason) =>
  PAY_TYPES_OF_REASON[reason].map((type) => ({ value: type, label: PAY_TYPE_LABELS[type] }));

type Props = { order: AccountingTransaction | null; onClose: () => void };

/**
 * 'Sipariş Ödemesi', opened by 'Öde' on a NEW_ORDER row: a payment or a refund against that order
 * (docs/domain/money.md).
 */
export function PayOrderModal({ order, onClose }: Props) {
  return (
    <FormModal opened={order !== null} onClose={onClose} title="Sipariş Ödemesi" size="lg">
      {order && <PayOrderForm key={order.id} order={order} onDone={onClose} />}
    </FormModal>
  );
}

function PayOrderForm({ order, onDone }: { order: AccountingTransaction; onDone: () => void }) {
  const payOrder = usePayOrder();
  const [serverError, setServerError] = useState<string>();
  const { control, handleSubmit, register, setError, setValue, watch, formState } = useForm<Values>({
    resolver,
    defaultValues: {
      orderId: order.orderId,
      reason: 'ORDER_PAYMENT',
      payType: 'CASH',
      // What is still open on the order: paying it all is the common case.
      amount: order.openAmount,
      logoInvoiceId: '',
    },
  });
  const reason = watch('reason');

  const pay = useSubmitGuard(async (values: Values) => {
    setServerError(undefined);
    try {
      const result = await payOrder.mutateAsync({ ...values, amount: values.amount as number });
      notifications.show({
        color: 'green',
        message: `${order.relatedOrderNumber} numaralı siparişe ${formatMoney(result.transaction.amount)} ${
          values.reason === 'PRODUCT_REFUND' ? 'iade' : 'ödeme'
        } kaydedildi.`,
      });
      onDone();
    } catch (error) {
      setServerError(showServerError(setError, error, LABELS));
    }
  });

  return (
    <form onSubmit={handleSubmit((values) => void pay.run(values))} noValidate>
      <Stack gap="md">
        <Text fz="sm" data-testid="pay-order-summary">
          Sipariş <b>{order.relatedOrderNumber}</b> · Sipariş tutarı {formatMoney(order.amount)} · Açık tutar{' '}
          <b>{formatMoney(order.openAmount)}</b>
        </Text>
        <SimpleGrid cols={2} spacing="md">
          <Controller
            control={control}
            name="reason"
            render={({ field, fieldState }) => (
              <Input.Wrapper label={LABELS.reason} error={fieldState.error?.message}>
                <SegmentedControl
                  fullWidth
                  data={REASON_OPTIONS}
                  value={field.value}
                  onChange={(value) => {
                    const next = value as PaymentReason;
                    field.onChange(next);
                    // The pay type goes with the reason (docs/domain/money.md): a refund is paid back
                    // as 'İade'.
                    setValue('payType', PAY_TYPES_OF_REASON[next][0]!, { shouldValidate: true });
                  }}
                />
              </Input.Wrapper>
            )}
          />
          <Controller
            control={control}
            name="payType"
            render={({ field, fieldState }) => (
              <Input.Wrapper label={LABELS.payType} error={fieldState.error?.message}>
                <SegmentedControl
                  fullWidth
                  data={payTypeOptions(reason)}
                  value={field.value}
                  onChange={(value) => field.onChange(value as PayType)}
                />
              </Input.Wrapper>
            )}
          />
          <FormNumberField
            control={control}
            name="amount"
            label={LABELS.amount}
            decimals={2}
            padDecimals
            unit="₺"
            data-autofocus
          />
          <TextInput
            label={LABELS.logoInvoiceId}
            placeholder="İsteğe bağlı"
            error={formState.errors.logoInvoiceId?.message}
            {...register('logoInvoiceId')}
          />
        </SimpleGrid>
        <FormError title="Ödeme kaydedilemedi" message={serverError} />
        <FormActions
          submitting={pay.submitting}
          onCancel={onDone}
          submitLabel={reason === 'PRODUCT_REFUND' ? 'İadeyi Kaydet' : 'Ödemeyi Kaydet'}
          submittingLabel="Kaydediliyor..."
        />
      </Stack>
    </form>
  );
}
