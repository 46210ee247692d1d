import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableProps } from '../data-table/data-table.tsx';
import { PageHeader } from './page-header.tsx';

/** What a screen's list query gives: TanStack Query's answer, as much of it as the page reads. */
type RecordsQuery<T> = {
  data: readonly T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type RecordModalProps<T> = { opened: boolean; row: T | undefined; onClose: () => void };

type Props<T extends { id: number }> = {
  title: string;
  description: string;
  records: RecordsQuery<T>;
  table: Pick<DataTableProps<T>, 'name' | 'columns' | 'initialSort' | 'minWidth'>;
  addLabel: string;
  addIcon: ReactNode;
  /** An icon, not a labelled button, where many columns leave little room at 1366 px. */
  iconEdit?: boolean;
  /** The create/edit form; `row` is undefined for a new record. */
  modal: (props: RecordModalProps<T>) => ReactNode;
};

/** A screen of records: a table with an add button, a 'Düzenle' per row, and one create/edit modal. */
export function RecordsPage<T extends { id: number }>(props: Props<T>) {
  const { records } = props;
  const [editing, setEditing] = useState<{ row?: T } | null>(null);
  const edit = (row: T) => () => setEditing({ row });
  return (
    <>
      <PageHeader title={props.title} description={props.description} />
      <DataTable
        {...props.table}
        data={records.data}
        getRowId={(row) => row.id}
        loading={records.isPending}
        error={records.error}
        onRetry={() => void records.refetch()}
        toolbar={
          <Button leftSection={props.addIcon} onClick={() => setEditing({})}>
            {props.addLabel}
          </Button>
        }
        rowActions={(row) =>
          props.iconEdit ? (
            <Tooltip label="Düzenle" withArrow>
              <ActionIcon variant="light" aria-label="Düzenle" onClick={edit(row)}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={edit(row)}
            >
              Düzenle
            </Button>
          )
        }
      />
      {props.modal({ opened: editing !== null, row: editing?.row, onClose: () => setEditing(null) })}
    </>
  );
}
