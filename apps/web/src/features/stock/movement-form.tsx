import type { ProductItem } from '@mandira/contract/products';
import { Stack, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { LineQuantityTable, type LotProps } from './line-quantity-table.tsx';
import type { GoodsKind, QuantityInputs } from './stock-changes.ts';
import { StockWarning } from './stock-warning.tsx';

type Props = LotProps & {
  item: ProductItem;
  kind: GoodsKind | 'count';
  quantities: QuantityInputs;
  onQuantitiesChange: (change: (current: QuantityInputs) => QuantityInputs) => void;
  notes: string;
  onNotesChange: (notes: string) => void;
  error: string | undefined;
  /** The server's refusal of a line's quantity, by line id. */
  lineErrors?: Record<number, string>;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** Fields between the warning and the warehouses, e.g. the movement type. */
  children?: ReactNode;
};

/** The body of the goods and count modals: red warning, pieces per warehouse, description, buttons. */
export function MovementForm(props: Props) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
      noValidate
    >
      <Stack gap="md">
        <StockWarning kind={props.kind} />
        {props.children}
        <LineQuantityTable
          item={props.item}
          kind={props.kind}
          values={props.quantities}
          errors={props.lineErrors}
          lots={props.lots}
          onLotChange={props.onLotChange}
          lotRequired={props.lotRequired}
          lotChoices={props.lotChoices}
          onLotChoice={props.onLotChoice}
          lotErrors={props.lotErrors}
          onChange={(lineId, value) =>
            props.onQuantitiesChange((current) => ({ ...current, [lineId]: value }))
          }
        />
        <Textarea
          label="Açıklama"
          autosize
          minRows={2}
          maxLength={1000}
          value={props.notes}
          onChange={(event) => props.onNotesChange(event.currentTarget.value)}
        />
        <FormError message={props.error} />
        <FormActions
          submitting={props.submitting}
          onCancel={props.onCancel}
          submitLabel={props.submitLabel}
          submittingLabel={props.submittingLabel}
        />
      </Stack>
    </form>
  );
}
