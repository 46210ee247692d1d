import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '@mandira/contract/audit';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from '@mandira/contract/audit-labels';
import { SHIPMENT_ACTION_LABELS } from '@mandira/contract/shipment-machine';
import { Group, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { type AuditFilters, useAuditRecordChoices } from '../../api/audit.ts';
import { sortedOptions, turkishOptionsFilter } from '../../lib/forms/select-options.ts';
import { DateRangeFilter } from '../../lib/forms/turkish-date-input.tsx';

const ENTITY_OPTIONS = sortedOptions(
  AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: AUDIT_ENTITY_LABELS[type] })),
);

const ENTRIES = Object.entries(AUDIT_ACTION_LABELS);
/** Names two machines give to different steps ('Yüklemeye Başla' of an item and of a shipment). */
const SHARED = new Set(
  ENTRIES.map(([, label]) => label).filter((label, at, all) => all.indexOf(label) !== at),
);

/** Every action by its Turkish name; a name two machines share says whose step it is. */
function actionOptions(current: string | undefined) {
  const options = ENTRIES.map(([value, label]) => {
    if (!SHARED.has(label)) return { value, label };
    const kind =
      value in SHIPMENT_ACTION_LABELS ? AUDIT_ENTITY_LABELS.SHIPMENT : AUDIT_ENTITY_LABELS.ORDER_ITEM;
    return { value, label: `${label} (${kind})` };
  });
  // A code from a link that the web has no name for yet is still shown as chosen.
  if (current && !(current in AUDIT_ACTION_LABELS)) options.push({ value: current, label: current });
  return sortedOptions(options);
}

/** Typing a name asks once, after a pause, not for every letter. */
const TYPING_PAUSE_MS = 300;

/** The server has already searched: the options are shown as it answered them. */
const asAnswered: OptionsFilter = ({ options }) => options;

/**
 * A record of one kind picked by name (a user is a record of kind USER): the server searches the
 * names as the user types, and the chosen record's number is what the filter sends.
 */
function RecordPicker({
  entityType,
  label,
  placeholder,
  value,
  onChange,
  width,
}: {
  entityType: AuditEntityType | undefined;
  label: string;
  placeholder: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  width: number;
}) {
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState('');
  const ask = useDebouncedCallback(setAsked, TYPING_PAUSE_MS);
  const { choices, loading } = useAuditRecordChoices(entityType, asked, value);
  const data = [...choices].map(([id, name]) => ({ value: String(id), label: name }));
  // A number from a link whose record no longer exists is still shown as chosen.
  if (value !== undefined && !choices.has(value) && !loading) {
    data.push({ value: String(value), label: `#${value}` });
  }
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      searchable
      searchValue={search}
      onSearchChange={(next) => {
        setSearch(next);
        ask(next);
      }}
      filter={asAnswered}
      disabled={entityType === undefined}
      clearable
      clearButtonProps={{ 'aria-label': `${label} filtresini temizle` }}
      nothingFoundMessage={loading ? 'Aranıyor…' : 'Bulunamadı'}
      w={width}
      comboboxProps={{ withinPortal: true }}
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
        // A record of the old kind is no record of the new one.
        onChange={(type) =>
          onChange({ entityType: (type as AuditEntityType | null) ?? undefined, entityId: undefined })
        }
        searchable
        filter={turkishOptionsFilter}
        clearable
        clearButtonProps={{ 'aria-label': 'Kayıt türü filtresini temizle' }}
        nothingFoundMessage="Kayıt türü bulunamadı"
        w={200}
        comboboxProps={{ withinPortal: true }}
      />
      <RecordPicker
        entityType={value.entityType}
        label="Kayıt"
        placeholder={value.entityType ? 'Kayıt adıyla arayın' : 'Önce kayıt türünü seçin'}
        value={value.entityId}
        onChange={(entityId) => onChange({ entityId })}
        width={240}
      />
      <RecordPicker
        entityType="USER"
        label="Kullanıcı"
        placeholder="Tüm kullanıcılar"
        value={value.actorId}
        onChange={(actorId) => onChange({ actorId })}
        width={200}
      />
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
