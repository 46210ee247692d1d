import { TextInput } from '@mantine/core';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormNumberField } from '../forms/form-number-field.tsx';

/** The values of a vehicle form's identity: plate, make and the two years. */
export type VehicleIdentityValues = {
  licencePlateCode: string;
  brand: string;
  model: string;
  productionYear: number | undefined;
  yearOfPurchase: number | undefined;
};

export const VEHICLE_IDENTITY_LABELS = {
  licencePlateCode: 'Plaka',
  brand: 'Marka',
  model: 'Model',
  productionYear: 'Üretim Yılı',
  yearOfPurchase: 'Satın Alma Yılı',
} as const;

type Props<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** An example plate of the screen's region. */
  platePlaceholder: string;
  plateRequired?: boolean;
};

/** Plaka, Marka, Model, Üretim Yılı and Satın Alma Yılı, for a grid of the vehicle form. */
export function VehicleIdentityFields<T extends FieldValues & VehicleIdentityValues>(props: Props<T>) {
  // The fields read only the identity part of the form, whatever else it holds.
  const { register, control, formState } = props.form as unknown as UseFormReturn<VehicleIdentityValues>;
  const labels = VEHICLE_IDENTITY_LABELS;
  return (
    <>
      <TextInput
        label={labels.licencePlateCode}
        placeholder={props.platePlaceholder}
        withAsterisk={props.plateRequired}
        data-autofocus
        {...register('licencePlateCode')}
        error={formState.errors.licencePlateCode?.message}
      />
      <TextInput label={labels.brand} {...register('brand')} error={formState.errors.brand?.message} />
      <TextInput label={labels.model} {...register('model')} error={formState.errors.model?.message} />
      <FormNumberField
        control={control}
        name="productionYear"
        label={labels.productionYear}
        grouping={false}
      />
      <FormNumberField
        control={control}
        name="yearOfPurchase"
        label={labels.yearOfPurchase}
        grouping={false}
      />
    </>
  );
}
