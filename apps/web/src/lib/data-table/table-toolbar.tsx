import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  query: string;
  onQueryChange: (query: string) => void;
  minSearchLength: number;
  /** e.g. '12 kayıt' or '3 / 12 kayıt'. */
  countText: string;
  onExport: () => void;
  exporting: boolean;
  exportDisabled: boolean;
  children?: ReactNode;
};

export function TableToolbar(props: Props) {
  const typed = props.query.trim().length;
  const tooShort = typed > 0 && typed < props.minSearchLength;
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Group gap="md" align="center">
        <TextInput
          placeholder="Ara..."
          aria-label="Ara"
          leftSection={<IconSearch size={16} />}
          value={props.query}
          onChange={(event) => props.onQueryChange(event.currentTarget.value)}
          w={280}
          description={tooShort ? `Arama en az ${props.minSearchLength} karakterle başlar` : undefined}
          inputWrapperOrder={['input', 'description']}
        />
        <Text c="dimmed" fz="sm" data-testid="table-count">
          {props.countText}
        </Text>
      </Group>
      <Group gap="xs">
        {props.children}
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={props.onExport}
          loading={props.exporting}
          disabled={props.exportDisabled}
        >
          Excel
        </Button>
      </Group>
    </Group>
  );
}
