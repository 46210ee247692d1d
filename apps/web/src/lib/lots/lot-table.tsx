import type { StockLineLot } from '@mandira/contract/stock-line-lots';
import { Badge, Table, Text } from '@mantine/core';
import { formatNumber } from '../format/format.ts';
import { formatDay, UNDATED_LOT_LABEL } from './lot-format.ts';

/** 'Süresi geçmiş' for a lot past its expiry day, 'SKT yok' for the undated lot, nothing otherwise. */
export function LotStatusBadge({ lot }: { lot: Pick<StockLineLot, 'expiryDate' | 'expired'> }) {
  if (lot.expired)
    return (
      <Badge color="red" variant="light" size="sm">
        Süresi geçmiş
      </Badge>
    );
  if (lot.expiryDate === null)
    return (
      <Badge color="gray" variant="light" size="sm">
        {UNDATED_LOT_LABEL}
      </Badge>
    );
  return null;
}

type Props = { lots: readonly StockLineLot[]; quantityInBox: number; caption: string };

/**
 * A stock line's lots, in the order goods-out takes them: code, expiry and production days, pieces and
 * whole boxes, and whether a lot is expired or undated (decision 154).
 */
export function LotTable({ lots, quantityInBox, caption }: Props) {
  if (lots.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        Bu depoda parti yok
      </Text>
    );
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={caption} data-testid="lot-table">
      <Table.Thead bg="gray.0">
        <Table.Tr>
          <Table.Th>Parti Kodu</Table.Th>
          <Table.Th>SKT</Table.Th>
          <Table.Th>Üretim</Table.Th>
          <Table.Th ta="right">Adet</Table.Th>
          <Table.Th ta="right">Koli</Table.Th>
          <Table.Th>Durum</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lots.map((lot) => (
          <Table.Tr key={lot.id}>
            <Table.Td ff="monospace">{lot.code || '—'}</Table.Td>
            <Table.Td>{formatDay(lot.expiryDate) || UNDATED_LOT_LABEL}</Table.Td>
            <Table.Td>{formatDay(lot.productionDate) || '—'}</Table.Td>
            <Table.Td ta="right">{formatNumber(lot.quantity, 0)}</Table.Td>
            <Table.Td ta="right">
              {quantityInBox > 0 ? formatNumber(Math.trunc(lot.quantity / quantityInBox), 0) : '—'}
            </Table.Td>
            <Table.Td>
              <LotStatusBadge lot={lot} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
