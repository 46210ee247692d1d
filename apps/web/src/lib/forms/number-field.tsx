import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, type KeyboardEvent, type MouseEvent, useRef, useState } from 'react';
import { formatTurkishNumber, parseTurkishNumber } from './parse-turkish-number.ts';

type Value = number | null | undefined;

export type NumberFieldProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  value: Value;
  /**
   * The number the text stands for; undefined when empty, NaN when the text cannot be read (the
   * field then shows why, and a contract schema or `isUnreadableNumber` keeps the form from saving).
   */
  onChange: (value: number | undefined) => void;
  /** Digits allowed after the decimal comma; 0 (the default) makes a whole-number field. */
  decimals?: number;
  /** Thousands grouping in the shown text; off for years ('2026', not '2.026'). */
  grouping?: boolean;
  /** A unit shown at the right edge, e.g. 'L' or '₺'. */
  unit?: string;
  /** Money: every allowed decimal is shown once the field is left, '5.000,50' rather than '5.000,5'. */
  padDecimals?: boolean;
};

/** Whether a number field's value stands for text that could not be read. */
export function isUnreadableNumber(value: Value): boolean {
  return typeof value === 'number' && Number.isNaN(value);
}

const sameValue = (a: Value, b: Value) => Object.is(a ?? undefined, b ?? undefined);

/**
 * Every number input of the portal: typed the Turkish way ('1.512,7', '12.5' understood too), shown
 * in tr-TR once the field is left, and never holding a value other than the one its text reads:
 * text with too many decimals or no number in it is refused on the field instead of being rounded,
 * truncated or joined. A plain text input rather than Mantine's NumberInput (decision 38).
 *
 * Focus selects what the field shows, so typing replaces a prefilled value (a '0' too) instead of
 * being added to it (decision 138). Empty text is reported as undefined; a form binds the field
 * through `FormNumberField`, which keeps an emptied field empty.
 */
export function NumberField({
  value,
  onChange,
  decimals = 0,
  grouping = true,
  unit,
  padDecimals = false,
  error,
  onBlur,
  onFocus,
  onMouseDown,
  onMouseUp,
  onKeyDown,
  ...props
}: NumberFieldProps) {
  const written = (number: number) =>
    formatTurkishNumber(number, { grouping, minimumDecimals: padDecimals ? decimals : 0 });
  const shown = (number: Value) =>
    number === null || number === undefined || Number.isNaN(number) ? '' : written(number);
  const [text, setText] = useState(() => shown(value));
  const [held, setHeld] = useState<Value>(value);
  // Until the first click or key after focus, the selection focus made stays: a second click places the caret.
  const keepSelection = useRef(false);
  const parsed = parseTurkishNumber(text, { decimals });

  // A value set from outside (a reset, a click on the map) replaces the text.
  if (!sameValue(value, held)) {
    setHeld(value);
    if (!(parsed.kind === 'number' && sameValue(parsed.value, value))) setText(shown(value));
  }

  const emit = (next: number | undefined) => {
    setHeld(next);
    onChange(next);
  };

  return (
    <TextInput
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      rightSection={unit}
      rightSectionPointerEvents="none"
      {...props}
      value={text}
      error={parsed.kind === 'invalid' ? parsed.message : error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const reading = parseTurkishNumber(next, { decimals });
        emit(reading.kind === 'number' ? reading.value : reading.kind === 'empty' ? undefined : Number.NaN);
      }}
      onMouseDown={(event: MouseEvent<HTMLInputElement>) => {
        // A click on a field that focus has just selected (a modal's first field) keeps it selected.
        if (keepSelection.current && document.activeElement === event.currentTarget) event.preventDefault();
        onMouseDown?.(event);
      }}
      onMouseUp={(event: MouseEvent<HTMLInputElement>) => {
        // The click that focused the field would put the caret where it landed and undo the selection.
        if (keepSelection.current) event.preventDefault();
        keepSelection.current = false;
        onMouseUp?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        keepSelection.current = false;
        onKeyDown?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        event.currentTarget.select();
        keepSelection.current = true;
        onFocus?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        if (parsed.kind === 'number') setText(written(parsed.value));
        onBlur?.(event);
      }}
    />
  );
}
