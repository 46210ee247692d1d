import { GENDERS, type Gender } from '@mandira/contract/people';
import { Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { parseTurkishDate } from '../format/turkish-date.ts';

/** The values of a person form: '' stands for a field left empty. */
export type PersonValues = {
  name: string;
  surname: string;
  gender: Gender | '';
  dateOfBirth: string;
  phone: string;
  tckn: string;
};

export const PERSON_LABELS = {
  name: 'Ad',
  surname: 'Soyad',
  gender: 'Cinsiyet',
  dateOfBirth: 'Doğum Tarihi',
  phone: 'Telefon',
  tckn: 'TC Kimlik No',
} as const;

/** An empty 'Seçiniz', then Erkek and Kadın. */
const GENDER_OPTIONS = [
  { value: '', label: 'Seçiniz' },
  ...GENDERS.map((gender) => ({ value: gender, label: gender })),
];

/** A driver's name, surname, gender, date of birth, phone and TC kimlik no, for a two-column grid. */
export function PersonFields<T extends FieldValues & PersonValues>({ form }: { form: UseFormReturn<T> }) {
  // The fields read only the person part of the form, whatever else it holds.
  const { register, control, formState } = form as unknown as UseFormReturn<PersonValues>;
  return (
    <>
      <TextInput
        label={PERSON_LABELS.name}
        withAsterisk
        data-autofocus
        {...register('name')}
        error={formState.errors.name?.message}
      />
      <TextInput
        label={PERSON_LABELS.surname}
        withAsterisk
        {...register('surname')}
        error={formState.errors.surname?.message}
      />
      <Controller
        control={control}
        name="gender"
        render={({ field, fieldState }) => (
          <Select
            label={PERSON_LABELS.gender}
            error={fieldState.error?.message}
            data={GENDER_OPTIONS}
            allowDeselect={false}
            value={field.value}
            onChange={(value) => field.onChange(value ?? '')}
          />
        )}
      />
      <Controller
        control={control}
        name="dateOfBirth"
        render={({ field, fieldState }) => (
          <DateInput
            label={PERSON_LABELS.dateOfBirth}
            error={fieldState.error?.message}
            placeholder="GG.AA.YYYY"
            valueFormat="DD.MM.YYYY"
            dateParser={(text) => parseTurkishDate(text)}
            maxDate={new Date()}
            defaultLevel={field.value ? 'month' : 'decade'}
            clearable
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
          />
        )}
      />
      <TextInput
        label={PERSON_LABELS.phone}
        type="tel"
        placeholder="0532 000 00 00"
        {...register('phone')}
        error={formState.errors.phone?.message}
      />
      <TextInput
        label={PERSON_LABELS.tckn}
        inputMode="numeric"
        maxLength={11}
        {...register('tckn')}
        error={formState.errors.tckn?.message}
      />
    </>
  );
}

type StoredPerson = Omit<PersonValues, 'gender' | 'dateOfBirth' | 'tckn'> & {
  gender: Gender | null;
  dateOfBirth: string | null;
  tckn: string | null;
};

/** A person form's starting values: the record's, or empty for a new one. */
export function personDefaults(person: StoredPerson | undefined): PersonValues {
  return {
    name: person?.name ?? '',
    surname: person?.surname ?? '',
    gender: person?.gender ?? '',
    dateOfBirth: person?.dateOfBirth ?? '',
    phone: person?.phone ?? '',
    tckn: person?.tckn ?? '',
  };
}
