import { BUILT_IN_ROLES, SUPER_ADMIN_ROLE } from '@mandira/contract/roles';
import type { Db } from '../db/client.ts';
import { createUser } from '../modules/access/user.service.ts';

export const DEMO_PASSWORD = 'demo1234';

const PEOPLE: Record<string, [string, string]> = {
  BACKOFFICE_ADMIN: ['Ayşe', 'Yılmaz'],
  ACCOUNTING_MANAGER: ['Mehmet', 'Kaya'],
  FINANCE_ADMIN: ['Zeynep', 'Demir'],
  SALES_ADMIN: ['Emre', 'Çelik'],
  WAREHOUSE_ADMIN: ['Fatma', 'Şahin'],
  FINANCE_STAFF: ['Ali', 'Yıldız'],
  ORDER_MANAGER: ['Elif', 'Öztürk'],
  WAREHOUSE_STAFF: ['Hasan', 'Aydın'],
  SHIPPING_STAFF: ['Merve', 'Arslan'],
  SECRETARY: ['Gül', 'Doğan'],
};

/** The demo users' names, one per built-in role but the super user's: the role key in lower case. */
export function demoUserNames(): string[] {
  return Object.keys(BUILT_IN_ROLES)
    .filter((role) => PEOPLE[role])
    .map((role) => role.toLowerCase());
}

/** One demo user per built-in role, named after it in lower case (e.g. sales_admin / demo1234). */
export async function seedDemoUsers(db: Db): Promise<void> {
  const actor = {
    userId: 0,
    userName: 'demo',
    roles: [SUPER_ADMIN_ROLE],
    privileges: new Set<never>(),
    isSuperAdmin: true,
  };
  for (const role of Object.keys(BUILT_IN_ROLES)) {
    const person = PEOPLE[role];
    if (!person) continue;
    await db.transaction((tx) =>
      createUser(tx, actor, {
        userName: role.toLowerCase(),
        password: DEMO_PASSWORD,
        name: person[0],
        surname: person[1],
        email: `${role.toLowerCase().replace('_', '.')}@mandira.example`,
        phone: '0532 000 00 00',
        status: 'ACTIVE',
        roles: [role],
      }),
    );
  }
}
