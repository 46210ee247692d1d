import { USER_STATUS_LABELS, type UserAccess } from '@mandira/contract/access';
import { Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatDateTime } from '../../lib/format/format.ts';

export const USER_COLUMNS: DataTableColumn<UserAccess>[] = [
  {
    id: 'userName',
    header: 'Kullanıcı Adı',
    value: (user) => user.userName,
    render: (user) => (
      <Text fz="sm" fw={600}>
        {user.userName}
      </Text>
    ),
  },
  { id: 'name', header: 'Ad', value: (user) => user.name },
  { id: 'surname', header: 'Soyad', value: (user) => user.surname },
  { id: 'email', header: 'E-posta', value: (user) => user.email },
  { id: 'phone', header: 'Telefon', value: (user) => user.phone, noWrap: true },
  {
    id: 'status',
    header: 'Durum',
    value: (user) => USER_STATUS_LABELS[user.status] ?? user.status,
    render: (user) => (
      <Badge variant="light" color={user.status === 'ACTIVE' ? 'green' : 'gray'} tt="none">
        {USER_STATUS_LABELS[user.status] ?? user.status}
      </Badge>
    ),
  },
  {
    id: 'registrationDate',
    header: 'Kayıt Tarihi',
    value: (user) => user.registrationDate,
    exportValue: (user) => formatDateTime(user.registrationDate),
    render: (user) => formatDateTime(user.registrationDate),
    noWrap: true,
  },
  {
    id: 'roles',
    header: 'Roller',
    value: (user) => user.roles.map((role) => role.label).join(', '),
    sortable: false,
    minWidth: 150,
    render: (user) => (
      <Group gap={4}>
        {user.roles.map((role) => (
          <Badge key={role.key} variant="outline" color="mandira" tt="none" fw={500}>
            {role.label}
          </Badge>
        ))}
      </Group>
    ),
  },
];
