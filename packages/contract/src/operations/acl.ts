import { z } from 'zod';
import { AclRole, CreateAclRoleBody, Privilege, UpdateAclRoleBody } from '../access.ts';
import { operation } from '../operation.ts';

// The roles and the privileges they grant, for the user management screen.
const tags = ['Roller ve yetkiler'];
const access = 'USER_MANAGEMENT';

export const listAclPrivileges = operation({
  operationId: 'listAclPrivileges',
  method: 'GET',
  path: '/acl/privileges',
  tags,
  summary: 'Yetki kataloğunu listeler',
  access,
  answer: z.array(Privilege).describe('In catalogue order.'),
});

export const listAclRoles = operation({
  operationId: 'listAclRoles',
  method: 'GET',
  path: '/acl/roles',
  tags,
  summary: 'Rolleri yetkileriyle listeler',
  access,
  answer: z.array(AclRole).describe('Every role, by id.'),
});

export const createAclRole = operation({
  operationId: 'createAclRole',
  method: 'POST',
  path: '/acl/roles',
  tags,
  summary: 'Yeni rol ekler',
  description: '409: the key is taken. 403: a privilege you do not hold yourself.',
  access,
  body: CreateAclRoleBody,
  answer: AclRole,
  errors: [409],
});

export const updateAclRole = operation({
  operationId: 'updateAclRole',
  method: 'PUT',
  path: '/acl/roles',
  tags,
  summary: 'Rolün adını ve yetkilerini günceller',
  description:
    "409: the key is taken, the role is SUPER_ADMIN, or a built-in role's key would change. " +
    '403: a privilege you do not hold yourself.',
  access,
  body: UpdateAclRoleBody,
  answer: AclRole,
  errors: [404, 409],
});
