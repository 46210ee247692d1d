import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { pagerWindow } from './pager-window.ts';

type Props = { page: number; totalPages: number; onChange: (page: number) => void };

/** First, previous, up to five numbers with ellipses, next, last; and where we are. */
export function Pager({ page, totalPages, onChange }: Props) {
  const { pages, gapBefore, gapAfter } = pagerWindow(page, totalPages);
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  const step = (label: string, target: number, disabled: boolean, icon: ReactNode) => (
    <Button
      size="compact-sm"
      variant="default"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => onChange(target)}
    >
      {icon}
    </Button>
  );
  const gap = (
    <Text c="dimmed" px={4} aria-hidden>
      …
    </Text>
  );
  return (
    <Group justify="space-between" data-testid="pager">
      <Text fz="sm" c="dimmed" data-testid="pager-status">
        Sayfa {Math.min(page, Math.max(totalPages, 1))} / {Math.max(totalPages, 1)}
      </Text>
      <Group gap={4} component="nav" aria-label="Sayfalar">
        {step('İlk sayfa', 1, atStart, <IconChevronsLeft size={16} />)}
        {step('Önceki sayfa', page - 1, atStart, <IconChevronLeft size={16} />)}
        {gapBefore && gap}
        {pages.map((number) => (
          <Button
            key={number}
            size="compact-sm"
            miw={32}
            variant={number === page ? 'filled' : 'default'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Sayfa ${number}`}
            onClick={() => onChange(number)}
          >
            {number}
          </Button>
        ))}
        {gapAfter && gap}
        {step('Sonraki sayfa', page + 1, atEnd, <IconChevronRight size={16} />)}
        {step('Son sayfa', totalPages, atEnd, <IconChevronsRight size={16} />)}
      </Group>
    </Group>
  );
}
