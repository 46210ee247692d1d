import { NOT_A_NUMBER } from '@mandira/contract/fields';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../../test/render.tsx';
import { contractResolver, REQUIRED_MESSAGE } from './contract-resolver.ts';
import { FormNumberField } from './form-number-field.tsx';
import { NumberField } from './number-field.tsx';
import {
  NOT_A_NUMBER_MESSAGE,
  tooManyDecimalsMessage,
  WHOLE_NUMBER_MESSAGE,
} from './parse-turkish-number.ts';

/** A NumberField holding its own value, as a form would, reporting each change. */
function Field(props: {
  decimals?: number;
  grouping?: boolean;
  initial?: number;
  onValue?: (v?: number) => void;
}) {
  const [value, setValue] = useState<number | undefined>(props.initial);
  return (
    <NumberField
      label="Miktar"
      decimals={props.decimals}
      grouping={props.grouping}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onValue?.(next);
      }}
    />
  );
}

const lastValue = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)?.[0];

describe('NumberField', () => {
  it('reads a number typed the Turkish way and shows it grouped once the field is left', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Field decimals={1} onValue={onValue} />);
    const input = screen.getByLabelText('Miktar');

    await user.type(input, '1512,7');
    expect(lastValue(onValue)).toBe(1512.7);
    await user.tab();
    expect(input).toHaveValue('1.512,7');

    await user.clear(input);
    await user.type(input, '1.512,7');
    expect(lastValue(onValue)).toBe(1512.7);
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('reads a decimal comma and an English decimal point alike', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Field decimals={2} onValue={onValue} />);
    const input = screen.getByLabelText('Miktar');

    await user.type(input, '12,5');
    expect(lastValue(onValue)).toBe(12.5);
    await user.clear(input);
    await user.type(input, '12.5');
    expect(lastValue(onValue)).toBe(12.5);
    await user.tab();
    expect(input).toHaveValue('12,5');
  });

  it('refuses text that is no number, keeps it as typed and says why until it is fixed', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Field decimals={1} onValue={onValue} />);
    const input = screen.getByLabelText('Miktar');

    await user.type(input, '12a');
    expect(lastValue(onValue)).toBeNaN();
    await user.tab();
    expect(input).toHaveValue('12a');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(NOT_A_NUMBER_MESSAGE)).toBeInTheDocument();

    await user.clear(input);
    expect(lastValue(onValue)).toBeUndefined();
    await user.type(input, '12');
    expect(lastValue(onValue)).toBe(12);
    expect(screen.queryByText(NOT_A_NUMBER_MESSAGE)).not.toBeInTheDocument();
  });

  it('never rounds: a fraction in a whole-number field, or too many decimals, is an error', async () => {
    const whole = vi.fn();
    const { user, unmount } = renderWithProviders(<Field onValue={whole} />);
    await user.type(screen.getByLabelText('Miktar'), '12,5');
    expect(lastValue(whole)).toBeNaN();
    expect(screen.getByText(WHOLE_NUMBER_MESSAGE)).toBeInTheDocument();
    unmount();

    const twoDecimals = vi.fn();
    renderWithProviders(<Field decimals={2} onValue={twoDecimals} />);
    const input = screen.getByLabelText('Miktar');
    await user.type(input, '1,234');
    expect(lastValue(twoDecimals)).toBeNaN();
    expect(screen.getByText(tooManyDecimalsMessage(2))).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue('1,234');
  });

  it('shows a value set from outside, without grouping where grouping is off', () => {
    renderWithProviders(
      <>
        <Field initial={12500.5} decimals={1} />
        <Field initial={2026} grouping={false} />
      </>,
    );
    const [amount, year] = screen.getAllByLabelText('Miktar');
    expect(amount).toHaveValue('12.500,5');
    expect(year).toHaveValue('2026');
  });
});

const Capacity = z.object({ capacity: z.number().min(1).max(30_000) });

/** A one-field form checked with a contract-like schema, as the vehicle forms are. */
function CapacityForm({ onSave }: { onSave: (values: { capacity: number }) => void }) {
  const form = useForm<{ capacity: number }>({ resolver: contractResolver(Capacity) });
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <FormNumberField control={form.control} name="capacity" label="Kapasite" decimals={1} />
      <button type="submit">Kaydet</button>
    </form>
  );
}

describe('FormNumberField', () => {
  it('hands the form the number the Turkish text stands for', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<CapacityForm onSave={onSave} />);

    await user.type(screen.getByLabelText('Kapasite'), '1.512,7');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledWith({ capacity: 1512.7 }, expect.anything());
  });

  it("shows the schema's bounds in Turkish and does not save beyond them", async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<CapacityForm onSave={onSave} />);
    const input = screen.getByLabelText('Kapasite');

    await user.type(input, '40.000');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('En fazla 30.000 olabilir.')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '0,5');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('En az 1 olmalıdır.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps an unreadable entry from being saved, with the field saying why', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<CapacityForm onSave={onSave} />);

    await user.type(screen.getByLabelText('Kapasite'), '1,2,3');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByText(NOT_A_NUMBER_MESSAGE)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});

const Payment = z.object({ amount: z.number(NOT_A_NUMBER).positive().max(1_000_000) });
type PaymentValues = { amount: number | null };

/** The payment modal's amount: a contract-checked money field prefilled with what is open. */
function PaymentForm({
  onSave,
  amount = 8016,
}: {
  onSave: (values: PaymentValues) => void;
  amount?: number;
}) {
  const form = useForm<PaymentValues>({
    resolver: contractResolver(Payment),
    defaultValues: { amount },
  });
  return (
    <form onSubmit={form.handleSubmit(onSave)}>
      <FormNumberField control={form.control} name="amount" label="Tutar" decimals={2} padDecimals />
      <button type="submit">Kaydet</button>
    </form>
  );
}

describe('FormNumberField with a default value', () => {
  it('shows money with two decimals, before and after it is retyped', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<PaymentForm onSave={onSave} />);
    const input = screen.getByLabelText('Tutar');
    expect(input).toHaveValue('8.016,00');

    await user.click(input);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.type(input, '5000,5');
    expect(input).toHaveValue('5000,5');
    await user.tab();
    expect(input).toHaveValue('5.000,50');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledWith({ amount: 5000.5 }, expect.anything());
  });

  it('keeps an emptied field empty, and a required one is not saved', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<PaymentForm onSave={onSave} />);
    const input = screen.getByLabelText('Tutar');

    await user.click(input);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(input).toHaveValue('');
    await user.tab();
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText(REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(onSave).not.toHaveBeenCalled();

    // Typing after emptying gives the typed number, not the default with the keys added to it.
    await user.type(input, '12.5');
    expect(input).toHaveValue('12.5');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledWith({ amount: 12.5 }, expect.anything());
    expect(input).toHaveValue('12,50');
  });

  it('selects the prefilled value on focus, so typing or one Backspace replaces all of it', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<PaymentForm onSave={onSave} />);
    const input = screen.getByLabelText<HTMLInputElement>('Tutar');

    await user.click(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('');

    await user.tab();
    await user.tab({ shift: true });
    await user.type(input, '750', { skipClick: true });
    expect(input).toHaveValue('750');
  });

  it('keeps the selection of a field focused on opening when it is then clicked', async () => {
    const { user } = renderWithProviders(<PaymentForm onSave={vi.fn()} />);
    const input = screen.getByLabelText<HTMLInputElement>('Tutar');
    act(() => input.focus());
    await user.click(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, '8.016,00'.length]);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('');
  });

  it('replaces a 0 by what is typed over it', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<PaymentForm onSave={onSave} amount={0} />);
    const input = screen.getByLabelText('Tutar');
    expect(input).toHaveValue('0,00');

    await user.click(input);
    await user.keyboard('1250');
    expect(input).toHaveValue('1250');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(onSave).toHaveBeenCalledWith({ amount: 1250 }, expect.anything());
  });
});
