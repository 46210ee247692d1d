import { STALE_RECORD_OPENING } from '@mandira/contract/record-version';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiRequestError } from '../../api/client.ts';

/**
 * A save refused because someone else saved the record after the form was opened (409 CONFLICT,
 * docs/domain/record-versions.md); other refusals keep their own display.
 */
export function isStaleRecord(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    error.code === 'CONFLICT' &&
    error.message.startsWith(STALE_RECORD_OPENING)
  );
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

type AlertProps = { error: unknown; loading: boolean; onLoadLatest: () => void };

/** The stale save's message in the form, with 'Son hâlini yükle'; nothing for any other failure. */
export function StaleRecordAlert({ error, loading, onLoadLatest }: AlertProps) {
  if (!isStaleRecord(error)) return null;
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="stale-record" title="Kayıt değişti">
      <Text size="sm">{error.message}</Text>
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
