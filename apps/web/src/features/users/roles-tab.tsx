import type { AclRole } from '@mandira/contract/access';
import { SUPER_ADMIN_ROLE } from '@mandira/contract/roles';
import { Button, Tooltip } from '@mantine/core';
import { IconPencil, IconShieldPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { useAclRoles } from './api.ts';
import { ROLE_COLUMNS } from './role-columns.tsx';
import { RoleFormModal } from './role-form-modal.tsx';

type Editing = { mode: 'create' } | { mode: 'edit'; role: AclRole };

export function RolesTab() {
  const roles = useAclRoles();
  const [editing, setEditing] = useState<Editing | null>(null);

  return (
    <>
      <DataTable
        name="roller"
        columns={ROLE_COLUMNS}
        data={roles.data}
        getRowId={(role) => role.id}
        loading={roles.isPending}
        error={roles.error}
        onRetry={() => void roles.refetch()}
        toolbar={
          <Button leftSection={<IconShieldPlus size={16} />} onClick={() => setEditing({ mode: 'create' })}>
            Rol Ekle
          </Button>
        }
        rowActions={(role) =>
          role.key === SUPER_ADMIN_ROLE ? (
            // The super administrator holds every privilege by definition; the server refuses edits too.
            <Tooltip label="Süper yönetici rolü tüm yetkilere sahiptir, değiştirilemez">
              <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} disabled>
                Düzenle
              </Button>
            </Tooltip>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing({ mode: 'edit', role })}
            >
              Düzenle
            </Button>
          )
        }
      />
      <RoleFormModal
        opened={editing !== null}
        role={editing?.mode === 'edit' ? editing.role : undefined}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
