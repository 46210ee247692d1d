import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versionColumns, versionedAt } from './record-version.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'PASSIVE'] })
      .notNull()
      .default('ACTIVE'),
    passwordHash: text('password_hash'),
    registrationDate: timestamp('registration_date', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
    updatedAt: versionedAt(),
  },
  (t) => [uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  label: text('label').notNull(),
  builtIn: boolean('built_in').notNull().default(false),
  ...versionColumns(),
  updatedAt: versionedAt(),
});

export const rolePrivileges = pgTable(
  'role_privileges',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    privilege: text('privilege').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.privilege] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, kept in the database so that every server process throttles alike. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The nonce of the known device the attempt came from: counted against that device alone (decision 97). */
    device: text('device'),
  },
  (t) => [
    index('sign_in_failures_user_idx').on(t.userName, t.at),
    index('sign_in_failures_address_idx').on(t.address, t.at),
    index('sign_in_failures_device_idx').on(t.device, t.at),
  ],
);

/**
 * Secrets of the server, made at random on first use and shared by every process on the database:
 * the key that signs device tokens (decision 97).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Privileges already handed to the built-in roles, so a privilege added later reaches them once. */
export const knownPrivileges = pgTable('known_privileges', {
  key: text('key').primaryKey(),
});

/**
 * The first answer to each user's `Idempotency-Key` (decision 159), kept 24 hours, shared by every server
 * process: a retried write gets the same answer and writes nothing again. `statusCode` is null while the
 * first request runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
