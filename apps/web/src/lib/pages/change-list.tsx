import { Alert, Group, Table, Text } from '@mantine/core';
import { IconArrowRight, IconGitCompare } from '@tabler/icons-react';

type Value = string | number | null;
export type FieldChange = { field: string; label: string; oldValue: Value; newValue: Value };

function plain(_field: string, value: Value): string {
  return value === null || value === '' ? '—' : String(value);
}

/**
 * What the ERP changed on a known record, old → new, so the approver sees what is being accepted.
 * `shown` turns a stored value into what the user reads (labels of enums, decimal commas).
 */
export function ChangeList({
  changes,
  noun,
  shown = plain,
}: {
  changes: readonly FieldChange[];
  /** 'ürünle', 'müşteriyle': what the record is compared with. */
  noun: string;
  shown?: (field: string, value: Value) => string;
}) {
  return (
    <Alert color="orange" variant="light" icon={<IconGitCompare size={18} />} title="ERP'de değişen alanlar">
      {changes.length === 0 ? (
        <Text fz="sm">Kayıtlı {noun} aynı; değişen alan yok.</Text>
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
