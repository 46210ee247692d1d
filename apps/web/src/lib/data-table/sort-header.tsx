import { Center, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

type Props = { label: string; sortable: boolean; direction: false | 'asc' | 'desc'; onToggle: () => void };

export function SortHeader({ label, sortable, direction, onToggle }: Props) {
  if (!sortable) {
    return (
      <Text fw={600} fz="sm">
        {label}
      </Text>
    );
  }
  const Icon = direction === 'asc' ? IconChevronUp : direction === 'desc' ? IconChevronDown : IconSelector;
  const ariaSort = direction === 'asc' ? 'artan' : direction === 'desc' ? 'azalan' : 'sırasız';
  return (
    <UnstyledButton onClick={onToggle} aria-label={`${label} sütununa göre sırala (${ariaSort})`}>
      <Group gap={4} wrap="nowrap">
        <Text fw={600} fz="sm">
          {label}
        </Text>
        <Center c={direction ? 'mandira.8' : 'gray.5'}>
          <Icon size={14} stroke={2} />
        </Center>
      </Group>
    </UnstyledButton>
  );
}
