import { STALE_RECORD_OPENING } from '@mandira/contract/record-version';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { ApiRequestError } from '../../api/client.ts';

/**
 * A save refused because someone else saved the record after the form was opened (409 CONFLICT,
 * docs/domain/record-versions.md); other refusals keep their own display.
 */
export function isStaleRecord(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.code === 'CONFLICT' && isStaleMessage(error.message);
}

/** The same for a form that keeps only the text of its failed save. */
export function isStaleMessage(message: string | undefined): message is string {
  return message?.startsWith(STALE_RECORD_OPENING) ?? false;
}

/**
 * The record an edit form works on and the version it sends back with its save. `loadLatest` reads the
 * record again (after a stale save) and `generation` changes with it, so a form keyed on it starts over
 * from the latest values; until then the form keeps what was typed.
 */
export function useEditedRecord<R extends { version: number }>(
  opened: R | undefined,
  reload: () => Promise<R | undefined>,
) {
  const [record, setRecord] = useState(opened);
  const [generation, setGeneration] = useState(0);
  const [loading, setLoading] = useState(false);
  const loadLatest = async () => {
    setLoading(true);
    try {
      const latest = await reload();
      if (latest) {
        setRecord(latest);
        setGeneration((value) => value + 1);
      }
    } finally {
      setLoading(false);
    }
  };
  return { record, version: record?.version, generation, loadLatest, loading };
}

/** What a form offers after a stale save: reading the record again. */
export type LoadLatest = { onLoadLatest: () => void; loading: boolean };

/**
 * An edit form that can start over from its record's latest values: `children` gets the record (the
 * one opened with until it is reloaded) and the reload, and is built anew after each reload.
 */
export function WithLatestRecord<R extends { version: number }>(props: {
  record: R | undefined;
  reload: (record: R) => Promise<R | undefined>;
  children: (record: R | undefined, latest: LoadLatest) => ReactNode;
}) {
  const opened = props.record;
  const edited = useEditedRecord(opened, () => (opened ? props.reload(opened) : Promise.resolve(undefined)));
  const latest = { onLoadLatest: () => void edited.loadLatest(), loading: edited.loading };
  return <Fragment key={edited.generation}>{props.children(edited.record, latest)}</Fragment>;
}

type AlertProps = { error: unknown; loading: boolean; onLoadLatest: () => void };

/** The stale save's message in the form, with 'Son hâlini yükle'; nothing for any other failure. */
export function StaleRecordAlert({ error, loading, onLoadLatest }: AlertProps) {
  if (!isStaleRecord(error)) return null;
  return <StaleRecordNotice message={error.message} loading={loading} onLoadLatest={onLoadLatest} />;
}

/** The alert itself: the server's words naming who changed the record, and the reload. */
export function StaleRecordNotice({ message, loading, onLoadLatest }: LoadLatest & { message: string }) {
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="stale-record" title="Kayıt değişti">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={14} />}
          loading={loading}
          onClick={onLoadLatest}
        >
          Son hâlini yükle
        </Button>
      </Group>
    </Alert>
  );
}
