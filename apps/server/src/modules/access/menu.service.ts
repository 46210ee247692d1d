import type { MenuEntry } from '@mandira/contract/access';
import { ANY_ROLE, PRIVILEGE_KEYS, type PrivilegeKey } from '@mandira/contract/roles';
import { FALLBACK_MENU_GROUP, SCREENS } from '@mandira/contract/screens';
import type { Db } from '../../db/client.ts';
import { type Actor, hasAccess } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { roleIdOfKey } from './role.repo.ts';

/** The left menu: the screens that exist and that this user may open, in catalogue order. */
export function menusFor(actor: Actor): MenuEntry[] {
  return SCREENS.filter((screen) => ('inMenu' in screen ? screen.inMenu !== false : true))
    .filter((screen) => hasAccess(actor, screen.access))
    .map((screen) => ({
      groupName: screen.groupName || FALLBACK_MENU_GROUP,
      label: screen.label,
      relativePath: screen.paths[0],
    }));
}

/**
 * Whether the user may open a page that requires `role`: a privilege of the catalogue, a role key
 * (built-in or created by an administrator), or AUTH_ANY_ROLE for any signed-in user.
 */
export async function mayView(db: Db, actor: Actor, role: string): Promise<boolean> {
  if (role === ANY_ROLE || actor.isSuperAdmin) return true;
  if ((PRIVILEGE_KEYS as string[]).includes(role)) return actor.privileges.has(role as PrivilegeKey);
  const known = await roleIdOfKey(db, role);
  if (!known) throw badRequest(`Bilinmeyen rol veya yetki: ${role}`);
  return actor.roles.includes(role);
}
