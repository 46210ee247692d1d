import { type Buyer, taxNumberOf } from '@mandira/contract/buyers';
import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatNumber } from '../../lib/format/format.ts';

/** The grid: code, tax number, title, email, phone. The search also finds contact and address. */
export const BUYER_COLUMNS: DataTableColumn<Buyer>[] = [
  { id: 'code', header: 'Müşteri Kodu', value: (b) => b.code, noWrap: true },
  { id: 'taxNumber', header: 'Vergi / T.C. No', value: taxNumberOf, noWrap: true },
  {
    id: 'title',
    header: 'Ünvan',
    value: (b) => b.title,
    searchValue: (b) => [
      b.title,
      b.name,
      b.surname,
      b.taxOffice,
      b.addressMain,
      b.addressSecondary,
      b.phone2,
    ],
    minWidth: 240,
    render: (b) => (
      <Stack gap={0}>
        <Text fz="sm" fw={600}>
          {b.title}
        </Text>
        {(b.name || b.surname) && (
          <Text fz="xs" c="dimmed">
            {[b.name, b.surname].filter(Boolean).join(' ')}
          </Text>
        )}
        {b.minRemainingShelfLifeDays !== null && (
          <Text fz="xs" c="dimmed">
            Asgari kalan raf ömrü: {formatNumber(b.minRemainingShelfLifeDays)} gün
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'email',
    header: 'E-posta',
    value: (b) => b.email,
    // An address may break anywhere, so that the phone number beside it is not pushed out of view.
    render: (b) => (
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {b.email}
      </Text>
    ),
    minWidth: 150,
  },
  { id: 'phone', header: 'Telefon', value: (b) => b.phone1, noWrap: true },
];
