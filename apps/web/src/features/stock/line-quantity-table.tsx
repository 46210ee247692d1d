import type { ProductItem } from '@mandira/contract/products';
import { Table, Text } from '@mantine/core';
import { NumberField } from '../../lib/forms/number-field.tsx';
import { type GoodsKind, type QuantityInputs, quantityAfter, quantityError } from './stock-changes.ts';
import { formatPieces, piecesAndBoxes } from './stock-format.ts';

type Props = {
  item: ProductItem;
  kind: GoodsKind | 'count';
  values: QuantityInputs;
  onChange: (lineId: number, value: number | undefined) => void;
  /** The server's refusal of a line's quantity, by line id. */
  errors?: Record<number, string>;
};

const INPUT_LABELS = { import: 'Giriş Miktarı', export: 'Çıkış Miktarı', count: 'Sayılan Miktar' } as const;

/**
 * One row per warehouse of the item: what it holds, a whole-number field, and what it would hold
 * afterwards, so a typo shows before it is saved; a goods-out beyond the stock says so.
 */
export function LineQuantityTable({ item, kind, values, onChange, errors = {} }: Props) {
  if (item.stocks.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        Stok bilgisi yok
      </Text>
    );
  }
  return (
    <Table withTableBorder verticalSpacing="xs" data-testid="line-quantities">
      <Table.Thead bg="gray.0">
        <Table.Tr>
          <Table.Th>Depo</Table.Th>
          <Table.Th ta="right">Mevcut Stok</Table.Th>
          <Table.Th w={170}>{INPUT_LABELS[kind]} (adet)</Table.Th>
          <Table.Th ta="right">İşlem Sonrası</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {item.stocks.map((line, index) => {
          const after = quantityAfter(kind, line, values[line.id]);
          return (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {line.wareHouse.label}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {piecesAndBoxes(line.quantity, item.quantityInBox)}
              </Table.Td>
              <Table.Td>
                <NumberField
                  aria-label={`${line.wareHouse.label} ${INPUT_LABELS[kind].toLocaleLowerCase('tr-TR')}`}
                  placeholder="0"
                  value={values[line.id]}
                  onChange={(value) => onChange(line.id, value)}
                  error={quantityError(values[line.id]) ?? errors[line.id]}
                  data-autofocus={index === 0 ? true : undefined}
                />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {after < 0 ? (
                  // A goods-out larger than the line: the server refuses it, the stock never goes below 0.
                  <Text fz="sm" fw={600} c="red" data-testid="over-stock">
                    Mevcut stoktan fazla
                  </Text>
                ) : (
                  <Text fz="sm" fw={600} c={after !== line.quantity ? 'mandira.8' : 'dimmed'}>
                    {formatPieces(after)} adet
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
