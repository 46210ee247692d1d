import { Tabs } from '@mantine/core';
import { IconShieldLock, IconUsers } from '@tabler/icons-react';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { RolesTab } from './roles-tab.tsx';
import { UsersTab } from './users-tab.tsx';

export default function UserManagementPage() {
  return (
    <>
      <PageHeader
        title="Kullanıcı Yönetimi"
        description="Personelin hesapları, rolleri ve rollerin yetkileri"
      />
      <Tabs defaultValue="users" keepMounted={false} variant="outline">
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
            Kullanıcılar
          </Tabs.Tab>
          <Tabs.Tab value="roles" leftSection={<IconShieldLock size={16} />}>
            Roller
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RolesTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
