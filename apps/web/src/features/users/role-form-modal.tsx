import type { AclRole } from '@mandira/contract/access';
import { Alert } from '@mantine/core';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { type LoadLatest, WithLatestRecord } from '../../lib/forms/stale-record.tsx';
import { FormModal } from '../../lib/modals/form-modal.tsx';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { fetchAclRole, usePrivileges } from './api.ts';
import { RoleForm } from './role-form.tsx';

type Props = { opened: boolean; role: AclRole | undefined; onClose: () => void };

export function RoleFormModal({ opened, role, onClose }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title={role ? 'Rolü Düzenle' : 'Rol Ekle'} size="lg">
      {opened && (
        <WithLatestRecord key={role?.id ?? 'new'} record={role} reload={fetchAclRole}>
          {(latestRecord, latest) => <RoleFormLoader role={latestRecord} latest={latest} onDone={onClose} />}
        </WithLatestRecord>
      )}
    </FormModal>
  );
}

function RoleFormLoader({
  role,
  latest,
  onDone,
}: {
  role: AclRole | undefined;
  latest: LoadLatest;
  onDone: () => void;
}) {
  const privileges = usePrivileges();
  if (privileges.error) {
    return (
      <Alert color="red" variant="light" title="Yetkiler yüklenemedi">
        {errorMessage(privileges.error)}
      </Alert>
    );
  }
  if (!privileges.data) return <CenteredLoader label="Yetkiler yükleniyor..." />;
  return <RoleForm role={role} privileges={privileges.data} latest={latest} onDone={onDone} />;
}
