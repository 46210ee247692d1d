import { Center, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Fragment } from 'react';

type Props = {
  label: string;
  sortable: boolean;
  direction: false | 'asc' | 'desc';
  onToggle: () => void;
  /** The column's alignment: a header sits over its figures. */
  align?: 'left' | 'center' | 'right';
};

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** A header may wrap between its words but never inside one: 'Depo-1', not 'Depo-/1'. */
function Words({ text }: { text: string }) {
  return text.split(' ').map((word, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed label, in their order
    <Fragment key={index}>
      {index > 0 && ' '}
      <span style={{ whiteSpace: 'nowrap' }}>{word}</span>
    </Fragment>
  ));
}

export function SortHeader({ label, sortable, direction, onToggle, align = 'left' }: Props) {
  if (!sortable) {
    return (
      <Text fw={600} fz="sm">
        <Words text={label} />
      </Text>
    );
  }
  const Icon = direction === 'asc' ? IconChevronUp : direction === 'desc' ? IconChevronDown : IconSelector;
  const ariaSort = direction === 'asc' ? 'artan' : direction === 'desc' ? 'azalan' : 'sırasız';
  return (
    // At least 24 px high: a target WCAG 2.2 (2.5.8) lets a finger or a shaky hand hit.
    <UnstyledButton
      onClick={onToggle}
      aria-label={`${label} sütununa göre sırala (${ariaSort})`}
      w="100%"
      mih={24}
    >
      <Group gap={4} wrap="nowrap" justify={JUSTIFY[align]}>
        <Text fw={600} fz="sm">
          <Words text={label} />
        </Text>
        <Center c={direction ? 'mandira.8' : 'gray.5'}>
          <Icon size={14} stroke={2} />
        </Center>
      </Group>
    </UnstyledButton>
  );
}
