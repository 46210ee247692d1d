import type { AuditEntityType, AuditEntry } from '@mandira/contract/audit';
import { AUDIT_ENTITY_LABELS } from '@mandira/contract/audit-labels';
import { screenByKey } from '@mandira/contract/screens';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRecordTrail } from '../../api/audit.ts';
import { queryString } from '../../api/client.ts';
import { useHasPrivilege } from '../../api/current-user.ts';
import { formatDateTime } from '../format/format.ts';
import { LoadError, NothingFound } from '../pages/load-states.tsx';
import { AuditChanges } from './audit-changes.tsx';
import { auditRecordLabel } from './audit-labels.ts';

/** The record whose trail is shown. */
export type AuditTarget = { entityType: AuditEntityType; entityId: number };

/** The 'İşlem Geçmişi' screen opened on one record's trail, with every filter it has. */
export function auditScreenLink(target: Partial<AuditTarget>): string {
  return `${screenByKey('audit').paths[0]}${queryString(target)}`;
}

function TrailEntry({ entry, target }: { entry: AuditEntry; target: AuditTarget }) {
  // An order's trail holds its items, loads and payments too: those entries name their own record.
  const other = entry.entityType !== target.entityType || entry.entityId !== target.entityId;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="audit-entry">
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Group gap={6} wrap="nowrap">
          {/* The action keeps its whole name; a long record name wraps beside it. */}
          <Badge variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
            {entry.actionLabel}
          </Badge>
          {other && (
            <Text fz="xs" c="dimmed">
              {auditRecordLabel(entry)}
            </Text>
          )}
        </Group>
        <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.at)}
        </Text>
      </Group>
      <Text fz="sm" mb={entry.changes.length > 0 ? 4 : 0}>
        {entry.actorName}
      </Text>
      {entry.changes.length > 0 && <AuditChanges entry={entry} whole />}
    </Paper>
  );
}

/** One record's trail, newest first, a page at a time. */
function Trail({ target }: { target: AuditTarget }) {
  const trail = useRecordTrail(target);
  if (trail.error && !trail.data) {
    return <LoadError title="Geçmiş yüklenemedi" error={trail.error} onRetry={() => void trail.refetch()} />;
  }
  if (!trail.data) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label="Yükleniyor" />
      </Center>
    );
  }
  const entries = trail.data.pages.flatMap((page) => page.content);
  const count = trail.data.pages[0]?.count ?? 0;
  if (entries.length === 0) return <NothingFound message="Bu kayıt için işlem geçmişi yok" />;
  return (
    <Stack gap="xs">
      <Text fz="sm" c="dimmed" data-testid="audit-count">
        {entries.length < count
          ? `${count.toLocaleString('tr-TR')} işlemin ${entries.length.toLocaleString('tr-TR')} tanesi`
          : `${count.toLocaleString('tr-TR')} işlem`}
      </Text>
      {entries.map((entry) => (
        <TrailEntry key={entry.id} entry={entry} target={target} />
      ))}
      {trail.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void trail.fetchNextPage()}
          loading={trail.isFetchingNextPage}
        >
          Daha fazla
        </Button>
      )}
    </Stack>
  );
}

/** 'Geçmiş · Sipariş: 1042 · Ahmet Gıda' once the trail names the record; its number until then. */
function drawerTitle(target: AuditTarget | null, entries: readonly AuditEntry[]): string {
  if (!target) return 'Geçmiş';
  const own = entries.find((one) => one.entityType === target.entityType && one.entityId === target.entityId);
  return `Geçmiş · ${own ? auditRecordLabel(own) : `${AUDIT_ENTITY_LABELS[target.entityType]} #${target.entityId}`}`;
}

/** A drawer with one record's history (`listAuditEntries` by `entityType` and `entityId`), open while `target` is set. */
export function HistoryDrawer({ target, onClose }: { target: AuditTarget | null; onClose: () => void }) {
  // The same query as the trail's own: asked once, read twice.
  const trail = useRecordTrail(target);
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={drawerTitle(target, trail.data?.pages.flatMap((page) => page.content) ?? [])}
      closeButtonProps={{ 'aria-label': 'Kapat' }}
    >
      {target && (
        <Stack gap="sm">
          <Anchor component={Link} to={auditScreenLink(target)} fz="sm">
            Tümünü İşlem Geçmişi'nde aç
          </Anchor>
          <Trail target={target} />
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * The 'Geçmiş' action of a record with its drawer: an icon among a row's icons, a small button in a
 * row of text buttons, or a button in an opened record. Nothing is shown to a user without AUDIT_VIEW:
 * the server would refuse the trail anyway (docs/decisions/0130-audit-history-drawer-in-lib-labels-in-web.md).
 */
export function HistoryButton({
  variant = 'row',
  ...target
}: AuditTarget & { variant?: 'icon' | 'row' | 'button' }) {
  const allowed = useHasPrivilege('AUDIT_VIEW');
  const [opened, setOpened] = useState(false);
  if (!allowed) return null;
  const open = () => setOpened(true);
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip label="Geçmiş" withArrow>
          <ActionIcon variant="default" aria-label="Geçmiş" onClick={open}>
            <IconHistory size={16} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          size={variant === 'row' ? 'compact-sm' : 'xs'}
          variant={variant === 'row' ? 'subtle' : 'default'}
          leftSection={<IconHistory size={14} />}
          onClick={open}
        >
          Geçmiş
        </Button>
      )}
      <HistoryDrawer target={opened ? target : null} onClose={() => setOpened(false)} />
    </>
  );
}
