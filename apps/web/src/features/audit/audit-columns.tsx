import type { AuditEntry } from '@mandira/contract/audit';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuditChanges } from '../../lib/audit/audit-changes.tsx';
import { auditRecordLabel, changesText } from '../../lib/audit/audit-labels.ts';
import { auditScreenLink } from '../../lib/audit/history-drawer.tsx';
import { type DataTableColumn, EXCEL_FORMATS } from '../../lib/data-table/column.ts';
import { formatDateTime, spreadsheetDate } from '../../lib/format/format.ts';

/** Tarih, Kullanıcı, İşlem, Kayıt, Değişiklikler: newest first, as the server answers them. */
export const AUDIT_COLUMNS: readonly DataTableColumn<AuditEntry>[] = [
  {
    id: 'at',
    header: 'Tarih',
    value: (entry) => entry.at,
    render: (entry) => formatDateTime(entry.at),
    exportValue: (entry) => spreadsheetDate(entry.at),
    searchValue: (entry) => formatDateTime(entry.at),
    excelFormat: EXCEL_FORMATS.dateTime,
    noWrap: true,
    width: 140,
  },
  {
    id: 'actor',
    header: 'Kullanıcı',
    value: (entry) => entry.actorName,
    width: 170,
  },
  {
    id: 'action',
    header: 'İşlem',
    value: (entry) => entry.actionLabel,
    render: (entry) => <Text fz="sm">{entry.actionLabel}</Text>,
    width: 190,
  },
  {
    id: 'record',
    header: 'Kayıt',
    value: (entry) => auditRecordLabel(entry),
    // A record's own trail is one click away; a write without a record number has none.
    render: (entry) =>
      entry.entityId === null ? (
        auditRecordLabel(entry)
      ) : (
        <Anchor
          component={Link}
          to={auditScreenLink({ entityType: entry.entityType, entityId: entry.entityId })}
          fz="sm"
        >
          {auditRecordLabel(entry)}
        </Anchor>
      ),
    noWrap: true,
    width: 190,
  },
  {
    id: 'changes',
    header: 'Değişiklikler',
    value: (entry) => changesText(entry),
    render: (entry) => <AuditChanges entry={entry} />,
    sortable: false,
    minWidth: 300,
  },
];
