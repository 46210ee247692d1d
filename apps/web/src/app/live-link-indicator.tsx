import { Group, Text, Tooltip } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLiveLinkState } from '../api/live/live-updates.tsx';

/** A drop mended within this long (the server closed a slow stream, a blip) shows nothing. */
export const INDICATOR_DELAY_MS = 2_000;

const DOWN_TEXT = 'Canlı bağlantı kesildi, yeniden bağlanılıyor…';

/**
 * Quiet while the live link is up; when it has been down a moment, a small grey note in the header
 * says the screens are not updating by themselves until it is back (it reconnects by itself).
 */
export function LiveLinkIndicator() {
  const down = useLiveLinkState() === 'down';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!down) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [down]);

  if (!shown) return null;
  return (
    <Tooltip
      label="Ekranlar şu an kendiliğinden güncellenmiyor; bağlantı gelince hepsi yeniden okunur."
      multiline
      w={260}
      withArrow
    >
      <Group
        gap={6}
        wrap="nowrap"
        c="dimmed"
        role="status"
        aria-label={DOWN_TEXT}
        data-testid="live-link-down"
      >
        <IconPlugConnectedX size={16} aria-hidden />
        {/* On a narrow screen the icon alone, its words in the tooltip. */}
        <Text fz="xs" visibleFrom="md">
          {DOWN_TEXT}
        </Text>
      </Group>
    </Tooltip>
  );
}
