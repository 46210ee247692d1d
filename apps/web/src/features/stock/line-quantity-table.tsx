import type { ProductItem } from '@mandira/contract/products';
import { Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { NumberField } from '../../lib/forms/number-field.tsx';
import { LotChoice, ReceivedLotFields } from './lot-fields.tsx';
import {
  chosenLot,
  type GoodsKind,
  type LotChoices,
  type LotErrors,
  type LotInputs,
  type LotTyped,
  NO_LOT,
  type QuantityInputs,
  quantityAfter,
  quantityError,
  toPieces,
} from './stock-changes.ts';
import { formatPieces, piecesAndBoxes } from './stock-format.ts';

/** The lot side of the table: what goods-in types per line, what goods-out and counts choose. */
export type LotProps = {
  lots?: LotInputs;
  onLotChange?: (lineId: number, lot: LotTyped) => void;
  lotRequired?: boolean;
  lotChoices?: LotChoices;
  onLotChoice?: (lineId: number, lotId: number | undefined) => void;
  lotErrors?: LotErrors;
};

type Props = LotProps & {
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
 * afterwards, so a typo shows before it is saved; a goods-out beyond the stock says so. Goods-in asks
 * under each line with pieces for the lot received; goods-out and counts may choose a lot (decision 154).
 */
export function LineQuantityTable(props: Props) {
  const { item, kind, values, onChange, errors = {}, lotErrors = {} } = props;
  if (item.stocks.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        Stok bilgisi yok
      </Text>
    );
  }
  const choosing = kind !== 'import';
  const columns = choosing ? 5 : 4;
  return (
    <Table withTableBorder verticalSpacing="xs" data-testid="line-quantities">
      <Table.Thead bg="gray.0">
        <Table.Tr>
          <Table.Th>Depo</Table.Th>
          <Table.Th ta="right">Mevcut Stok</Table.Th>
          {choosing && <Table.Th w={260}>Parti</Table.Th>}
          <Table.Th w={170}>{INPUT_LABELS[kind]} (adet)</Table.Th>
          <Table.Th ta="right">İşlem Sonrası</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {item.stocks.map((line, index) => {
          const lotId = props.lotChoices?.[line.id];
          const after = quantityAfter(kind, line, values[line.id], chosenLot(line, lotId));
          const typedLot = props.lots?.[line.id] ?? NO_LOT;
          const receiving =
            kind === 'import' &&
            ((toPieces(values[line.id]) ?? 0) > 0 || typedLot !== NO_LOT || lotErrors[line.id] !== undefined);
          return (
            <Fragment key={line.id}>
              <Table.Tr>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {line.wareHouse.label}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {piecesAndBoxes(line.quantity, item.quantityInBox)}
                </Table.Td>
                {choosing && (
                  <Table.Td>
                    <LotChoice
                      line={line}
                      kind={kind}
                      value={lotId}
                      onChange={(chosen) => props.onLotChoice?.(line.id, chosen)}
                      error={lotErrors[line.id]?.lotId}
                    />
                  </Table.Td>
                )}
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
                      {lotId === undefined ? 'Mevcut stoktan fazla' : 'Partideki stoktan fazla'}
                    </Text>
                  ) : (
                    <Text fz="sm" fw={600} c={after !== line.quantity ? 'mandira.8' : 'dimmed'}>
                      {formatPieces(after)} adet
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
              {receiving && (
                <Table.Tr>
                  <Table.Td colSpan={columns} bg="gray.0">
                    <ReceivedLotFields
                      line={line}
                      value={typedLot}
                      onChange={(lot) => props.onLotChange?.(line.id, lot)}
                      required={props.lotRequired ?? false}
                      errors={lotErrors[line.id]}
                    />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
