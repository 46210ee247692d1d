import type { AuditEntry } from '@mandira/contract/audit';
import { Stack, Text } from '@mantine/core';
import { changeLines } from './audit-labels.ts';

/** Past this many fields a cell says how many more there are; the Excel file holds them all. */
const SHOWN_CHANGES = 4;

/** The changed fields of one entry, one compact line each: 'Durum: İncelemede → İşlemde'. */
export function AuditChanges({
  entry,
  whole = false,
}: {
  entry: Pick<AuditEntry, 'changes'>;
  /** Every field and each value whole (the drawer has the room); a table cell stays short. */
  whole?: boolean;
}) {
  const lines = changeLines(entry, !whole);
  const max = whole ? lines.length : SHOWN_CHANGES;
  if (lines.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  }
  const hidden = lines.length - max;
  return (
    <Stack gap={2} data-testid="audit-changes">
      {lines.slice(0, max).map((line) => (
        <Text key={line.field} fz="sm" lh={1.35}>
          <Text span fw={600} fz="sm">
            {line.label}:
          </Text>{' '}
          <Text span c="dimmed" fz="sm">
            {line.before}
          </Text>{' '}
          → {line.after}
        </Text>
      ))}
      {hidden > 0 && (
        <Text fz="xs" c="dimmed">
          +{hidden} alan daha
        </Text>
      )}
    </Stack>
  );
}
