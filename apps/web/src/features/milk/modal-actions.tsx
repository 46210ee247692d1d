import { Button, Group } from '@mantine/core';

/** İptal and Kaydet of the milk modals; while saving, Kaydet reads 'Kaydediliyor...' and is disabled. */
export function ModalActions({ submitting, onCancel }: { submitting: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        İptal
      </Button>
      <Button type="submit" disabled={submitting} miw={120}>
        {submitting ? 'Kaydediliyor...' : 'Kaydet'}
      </Button>
    </Group>
  );
}
