import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '@mandira/contract/audit';
import { Group, NumberInput, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { AuditFilters } from '../../api/audit.ts';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from '../../lib/audit/audit-labels.ts';
import { sortedOptions, turkishOptionsFilter } from '../../lib/forms/select-options.ts';
import { DateRangeFilter } from '../../lib/forms/turkish-date-input.tsx';

const ENTITY_OPTIONS = sortedOptions(
  AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: AUDIT_ENTITY_LABELS[type] })),
);

/** Known codes by their Turkish name, the code beside it: the list and the server speak in codes. */
function actionOptions(current: string | undefined) {
  const options = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({
    value,
    label: `${label} (${value})`,
  }));
  // A code from a link that the web has no name for yet is still shown as chosen.
  if (current && !(current in AUDIT_ACTION_LABELS)) options.push({ value: current, label: current });
  return sortedOptions(options);
}

/** Typing a number asks once, after a pause, not for every digit. */
const TYPING_PAUSE_MS = 400;

function IdFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const [typed, setTyped] = useState<string | number>(value ?? '');
  // A filter changed from outside (a link, 'Temizle') shows in the field.
  useEffect(() => setTyped(value ?? ''), [value]);
  const send = useDebouncedCallback((next: string | number) => {
    const id = typeof next === 'number' && next >= 1 ? next : undefined;
    if (id !== value) onChange(id);
  }, TYPING_PAUSE_MS);
  return (
    <NumberInput
      aria-label={label}
      placeholder={label}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        send(next);
      }}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      w={130}
    />
  );
}

type Props = { value: AuditFilters; onChange: (next: Partial<AuditFilters>) => void };

/** The trail's filters, each applied by the server over every entry, not only the page shown. */
export function AuditFilterBar({ value, onChange }: Props) {
  return (
    <Group gap="xs" data-testid="audit-filters">
      <Select
        aria-label="Kayıt türü"
        placeholder="Tüm kayıt türleri"
        data={ENTITY_OPTIONS}
        value={value.entityType ?? null}
        onChange={(type) => onChange({ entityType: (type as AuditEntityType | null) ?? undefined })}
        searchable
        filter={turkishOptionsFilter}
        clearable
        clearButtonProps={{ 'aria-label': 'Kayıt türü filtresini temizle' }}
        nothingFoundMessage="Kayıt türü bulunamadı"
        w={200}
        comboboxProps={{ withinPortal: true }}
      />
      <IdFilter label="Kayıt no" value={value.entityId} onChange={(entityId) => onChange({ entityId })} />
      <IdFilter label="Kullanıcı no" value={value.actorId} onChange={(actorId) => onChange({ actorId })} />
      <Select
        aria-label="İşlem"
        placeholder="Tüm işlemler"
        data={actionOptions(value.action)}
        value={value.action ?? null}
        onChange={(action) => onChange({ action: action ?? undefined })}
        searchable
        filter={turkishOptionsFilter}
        clearable
        clearButtonProps={{ 'aria-label': 'İşlem filtresini temizle' }}
        nothingFoundMessage="İşlem bulunamadı"
        w={260}
        comboboxProps={{ withinPortal: true }}
      />
      <DateRangeFilter value={value} onChange={onChange} width={160} />
    </Group>
  );
}
