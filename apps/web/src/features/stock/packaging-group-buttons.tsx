import { ALL_LABEL, packagingGroupLabel } from '@mandira/contract/products';
import { Button, Group, Skeleton } from '@mantine/core';

type Props = { groups: string[] | undefined; value: string; onChange: (group: string) => void };

/** One button per packaging group, 'Tümü' first; '' stands for all. */
export function PackagingGroupButtons({ groups, value, onChange }: Props) {
  if (!groups) return <Skeleton height={30} width={320} radius="sm" />;
  const options = [
    { value: '', label: ALL_LABEL },
    ...groups.map((group) => ({ value: group, label: packagingGroupLabel(group) })),
  ];
  return (
    <Group gap={6} role="group" aria-label="Ambalaj grubu">
      {options.map((option) => (
        <Button
          key={option.value || 'all'}
          size="compact-sm"
          radius="xl"
          variant={value === option.value ? 'filled' : 'default'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}
