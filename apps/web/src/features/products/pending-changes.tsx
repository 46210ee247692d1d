import {
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  type PendingChange,
  WAREHOUSE_STOCK_TYPE_LABELS,
} from '@mandira/contract/products';
import { Alert, Group, Table, Text } from '@mantine/core';
import { IconArrowRight, IconGitCompare } from '@tabler/icons-react';

const LABELS_OF: Record<string, Record<string, string>> = {
  packagingType: PACKAGING_TYPE_LABELS,
  packagingUnitType: PACKAGING_UNIT_TYPE_LABELS,
  warehouseStockType: WAREHOUSE_STOCK_TYPE_LABELS,
};

function shown(field: string, value: PendingChange['oldValue']): string {
  if (value === null || value === '') return '—';
  return LABELS_OF[field]?.[String(value)] ?? String(value).replace('.', ',');
}

/** What the ERP changed on a known item, old → new, so the approver sees what is being accepted. */
export function PendingChanges({ changes }: { changes: PendingChange[] }) {
  return (
    <Alert color="orange" variant="light" icon={<IconGitCompare size={18} />} title="ERP'de değişen alanlar">
      {changes.length === 0 ? (
        <Text fz="sm">Kayıtlı ürünle aynı; değişen alan yok.</Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={4} data-testid="pending-changes">
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.field}>
                <Table.Td fw={600} fz="sm" w={160}>
                  {change.label}
                </Table.Td>
                <Table.Td fz="sm">
                  <Group gap={6} wrap="nowrap">
                    <Text fz="sm" td="line-through" c="dimmed">
                      {shown(change.field, change.oldValue)}
                    </Text>
                    <IconArrowRight size={14} />
                    <Text fz="sm" fw={600}>
                      {shown(change.field, change.newValue)}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Alert>
  );
}
