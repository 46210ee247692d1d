import { Skeleton, Table } from '@mantine/core';

export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
    <Table.Tr key={row} data-testid="table-skeleton">
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
        <Table.Td key={column}>
          <Skeleton height={14} radius="sm" width={`${55 + ((row + column) % 4) * 10}%`} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
