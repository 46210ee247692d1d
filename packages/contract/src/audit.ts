import { z } from 'zod';
import { day, idOf, optionalParam, text } from './fields.ts';
import { PageFigures, pagingOf } from './paging.ts';

/** What an audit entry is about. */
export const AUDIT_ENTITY_TYPES = [
  'ORDER',
  'ORDER_ITEM',
  'BASKET',
  'SHIPMENT',
  'SHIPMENT_LOAD',
  'PAYMENT',
  'BUYER',
  'BUYER_WAREHOUSE',
  'PRODUCT',
  'PRODUCT_ITEM',
  'STOCK',
  'WAREHOUSE',
  'VEHICLE',
  'DRIVER',
  'MILK_VEHICLE',
  'MILK_DRIVER',
  'MILK_DELIVERY',
  'USER',
  'ROLE',
] as const;
export const AuditEntityType = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof AuditEntityType>;

/** One changed field: its value before and after the write (null where it had none). */
export const AuditChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string().describe('When the write committed its change: an ISO 8601 date-time.'),
  actorId: z
    .number()
    .int()
    .nullable()
    .describe('The user who wrote; null for the system (start-up, ERP sync).'),
  actorName: z.string().describe("The user's name as it was at the time of the write."),
  action: z
    .string()
    .describe(
      'The action code: a state machine action (APPROVE, PREPARING…), CREATE, UPDATE, DELETE, PAY_ORDER…',
    ),
  entityType: AuditEntityType,
  entityId: z.number().int().nullable(),
  orderId: z
    .number()
    .int()
    .nullable()
    .describe("The order an item, load or payment belongs to: an order's trail lists these too."),
  changes: z.array(AuditChange).describe('The changed fields, before → after; never a password or token.'),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_PAGE_MAX = 200;

export const AuditQuery = z.object({
  entityType: optionalParam(AuditEntityType),
  entityId: optionalParam(idOf('Kayıt numarası 1 veya daha büyük bir tam sayı olmalıdır.')),
  actorId: optionalParam(idOf('Kullanıcı numarası 1 veya daha büyük bir tam sayı olmalıdır.')),
  action: optionalParam(
    text()
      .max(40)
      .regex(/^[A-Z][A-Z0-9_]*$/, 'İşlem kodu büyük harf, rakam ve alt çizgiden oluşmalıdır (ör. APPROVE).'),
  ),
  from: optionalParam(day()),
  to: optionalParam(day()),
  ...pagingOf(AUDIT_PAGE_MAX),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** Newest first; always paged (default page 1 of 50). */
export const AuditPage = z.object({ content: z.array(AuditEntry), ...PageFigures });
export type AuditPage = z.infer<typeof AuditPage>;
