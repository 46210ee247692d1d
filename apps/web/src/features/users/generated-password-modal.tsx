import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';

type Props = { result: { userName: string; password: string } | null; onClose: () => void };

/** The password exists only in this answer: it is shown once and never again. */
export function GeneratedPasswordModal({ result, onClose }: Props) {
  return (
    <Modal opened={result !== null} onClose={onClose} title="Yeni şifre üretildi" size="md">
      {result && (
        <Stack gap="md">
          <Text fz="sm">
            <b>{result.userName}</b> kullanıcısının yeni şifresi:
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Code
              fz="lg"
              px="md"
              py={8}
              style={{ flex: 1, letterSpacing: 1 }}
              data-testid="generated-password"
            >
              {result.password}
            </Code>
            <CopyButton value={result.password}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'green' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Kopyalandı' : 'Kopyala'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
            Bu şifre yalnızca şimdi gösterilir. Kullanıcıya güvenli bir yolla iletin.
          </Alert>
          <ModalFooter>
            <Button onClick={onClose}>Tamam</Button>
          </ModalFooter>
        </Stack>
      )}
    </Modal>
  );
}
