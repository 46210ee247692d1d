import type { UserAccess } from '@mandira/contract/access';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconKey, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { HistoryButton } from '../../lib/audit/history-drawer.tsx';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { confirmAction } from '../../lib/modals/confirm.tsx';
import { useGeneratePassword, useUsers } from './api.ts';
import { GeneratedPasswordModal } from './generated-password-modal.tsx';
import { USER_COLUMNS } from './user-columns.tsx';
import { UserFormModal } from './user-form-modal.tsx';

/** The users search applies only when the query is longer than 2 characters. */
const USER_SEARCH_MIN_LENGTH = 3;

type Editing = { mode: 'create' } | { mode: 'edit'; user: UserAccess };

export function UsersTab() {
  const users = useUsers();
  const generatePassword = useGeneratePassword();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [generatingFor, setGeneratingFor] = useState<number | null>(null);
  const [generated, setGenerated] = useState<{ userName: string; password: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function handleGenerate(user: UserAccess) {
    const confirmed = await confirmAction({
      title: 'Şifre üretilsin mi?',
      message: `${user.userName} için yeni bir şifre üretilecek. Mevcut şifresi geçersiz olacak ve açık oturumları kapanacak.`,
      confirmLabel: 'Şifre Üret',
      danger: true,
    });
    if (!confirmed || generatingFor !== null) return;
    setRefusal(null);
    setGeneratingFor(user.id);
    try {
      const result = await generatePassword.mutateAsync(user.id);
      setGenerated({ userName: user.userName, password: result.generatedPass });
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setGeneratingFor(null);
    }
  }

  return (
    <Stack gap="md">
      {refusal && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Şifre üretilemedi"
          withCloseButton
          closeButtonLabel="Kapat"
          onClose={() => setRefusal(null)}
          data-testid="generate-password-error"
        >
          {refusal}
        </Alert>
      )}
      <DataTable
        name="kullanicilar"
        columns={USER_COLUMNS}
        data={users.data}
        getRowId={(user) => user.id}
        loading={users.isPending}
        error={users.error}
        onRetry={() => void users.refetch()}
        minSearchLength={USER_SEARCH_MIN_LENGTH}
        minWidth={980}
        toolbar={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            Kullanıcı Ekle
          </Button>
        }
        rowActions={(user) => (
          // The row actions are named 'Düzenle' and 'Şifre Üret': the buttons say so.
          <>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing({ mode: 'edit', user })}
            >
              Düzenle
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconKey size={14} />}
              loading={generatingFor === user.id}
              disabled={generatingFor !== null && generatingFor !== user.id}
              onClick={() => void handleGenerate(user)}
            >
              Şifre Üret
            </Button>
            <HistoryButton entityType="USER" entityId={user.id} />
          </>
        )}
      />
      <UserFormModal
        opened={editing !== null}
        user={editing?.mode === 'edit' ? editing.user : undefined}
        onClose={() => setEditing(null)}
      />
      <GeneratedPasswordModal result={generated} onClose={() => setGenerated(null)} />
    </Stack>
  );
}
