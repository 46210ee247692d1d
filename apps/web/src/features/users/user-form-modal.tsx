import type { UserAccess } from '@mandira/contract/access';
import { Alert, Modal } from '@mantine/core';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { useRoleEntries, useRolesOfUser } from './api.ts';
import { UserForm } from './user-form.tsx';

type Props = { opened: boolean; user: UserAccess | undefined; onClose: () => void };

/** 'Kullanıcı Ekle' and 'Düzenle': the form opens once the role checklist (and the user's roles) arrived. */
export function UserFormModal({ opened, user, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={user ? 'Kullanıcıyı Düzenle' : 'Kullanıcı Ekle'}
      size="lg"
    >
      {opened && <UserFormLoader key={user?.id ?? 'new'} user={user} onDone={onClose} />}
    </Modal>
  );
}

function UserFormLoader({ user, onDone }: { user: UserAccess | undefined; onDone: () => void }) {
  const roleEntries = useRoleEntries();
  const userRoles = useRolesOfUser(user?.id);
  const failed = roleEntries.error ?? userRoles.error;
  if (failed) {
    return (
      <Alert color="red" variant="light" title="Roller yüklenemedi">
        {errorMessage(failed)}
      </Alert>
    );
  }
  // A fetch still in flight from an earlier opening may hold stale roles; wait for this one.
  if (!roleEntries.data || (user && (!userRoles.data || userRoles.isFetching))) {
    return <CenteredLoader label="Roller yükleniyor..." />;
  }
  return (
    <UserForm
      user={user}
      roleEntries={roleEntries.data}
      initialRoles={(userRoles.data ?? []).map((role) => role.key)}
      onDone={onDone}
    />
  );
}
