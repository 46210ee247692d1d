import type { UserAccess } from '@mandira/contract/access';
import { Alert } from '@mantine/core';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { type LoadLatest, WithLatestRecord } from '../../lib/forms/stale-record.tsx';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { fetchUser, useRoleEntries, useRolesOfUser } from './api.ts';
import { UserForm } from './user-form.tsx';

type Props = { opened: boolean; user: UserAccess | undefined; onClose: () => void };

/** 'Kullanıcı Ekle' and 'Düzenle': the form opens once the role checklist (and the user's roles) arrived. */
export function UserFormModal({ opened, user, onClose }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={user ? 'Kullanıcıyı Düzenle' : 'Kullanıcı Ekle'}
      size="lg"
    >
      {opened && (
        <WithLatestRecord key={user?.id ?? 'new'} record={user} reload={fetchUser}>
          {(latestRecord, latest) => <UserFormLoader user={latestRecord} latest={latest} onDone={onClose} />}
        </WithLatestRecord>
      )}
    </FormModal>
  );
}

function UserFormLoader({
  user,
  latest,
  onDone,
}: {
  user: UserAccess | undefined;
  latest: LoadLatest;
  onDone: () => void;
}) {
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
      latest={latest}
      onDone={onDone}
    />
  );
}
