import type { AclRole } from '@mandira/contract/access';
import { Badge, Code } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';

export const ROLE_COLUMNS: DataTableColumn<AclRole>[] = [
  { id: 'key', header: 'Anahtar', value: (role) => role.key, render: (role) => <Code>{role.key}</Code> },
  { id: 'label', header: 'Ad', value: (role) => role.label },
  {
    id: 'builtIn',
    header: 'Tür',
    value: (role) => (role.builtIn ? 'Hazır' : 'Özel'),
    render: (role) => (
      <Badge variant="light" color={role.builtIn ? 'blue' : 'grape'} tt="none">
        {role.builtIn ? 'Hazır' : 'Özel'}
      </Badge>
    ),
  },
  {
    id: 'privileges',
    header: 'Yetki Sayısı',
    value: (role) => role.privileges.length,
    align: 'right',
  },
];
