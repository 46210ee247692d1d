import { z } from 'zod';
import { day, idOf, optionalParam, text } from './fields.ts';
import { countCapped, PageFigures, pagingOf } from './paging.ts';

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

const valueLabel = z
  .string()
  .nullable()
  .describe(
    "The value as the office names it: a code's Turkish label (a status, a stock action), or the name or code of the record a number refers to ('Ahmet Gıda' for buyerId 1), several joined by ', '; null where the value is shown as it is (a number, a date, a text).",
  );

/** One changed field: its value before and after the write (null where it had none). */
export const AuditChange = z.object({
  field: z.string(),
  fieldLabel: z
    .string()
    .describe("The field's Turkish name, as the forms call it ('Durum', 'Yüklenen miktar')."),
  before: z.unknown(),
  after: z.unknown(),
  beforeLabel: valueLabel,
  afterLabel: valueLabel,
});
export type AuditChange = z.infer<typeof AuditChange>;

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
  actionLabel: z
    .string()
    .describe("The action's Turkish name ('Onay', 'Sevkiyat Çıkışı', 'Yeni Şifre Oluşturma')."),
  entityType: AuditEntityType,
  entityLabel: z.string().describe("The Turkish name of the record's kind ('Sipariş', 'Stok')."),
  entityId: z.number().int().nullable(),
  entityName: z
    .string()
    .nullable()
    .describe(
      "The record's name or code as it is now ('Beyaz Peynir 500 Gr · Depo-1' for a stock line); null when it has no number or no longer exists.",
    ),
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
export const AuditPage = z.object({ content: z.array(AuditEntry), ...PageFigures, countCapped });
export type AuditPage = z.infer<typeof AuditPage>;

export const AUDIT_RECORD_MATCHES_MAX = 20;

/** The filters' pickers: records of one kind by name or code, or the one record a link names. */
export const AuditRecordQuery = z.object({
  entityType: AuditEntityType,
  q: optionalParam(text().max(100, 'Arama en fazla 100 karakter olabilir.')),
  id: optionalParam(idOf('Kayıt numarası 1 veya daha büyük bir tam sayı olmalıdır.')),
});
export type AuditRecordQuery = z.infer<typeof AuditRecordQuery>;

export const AuditRecordChoice = z.object({
  id: z.number().int(),
  name: z.string().describe("The record's name or code, as the trail shows it."),
});
export type AuditRecordChoice = z.infer<typeof AuditRecordChoice>;

/** At most AUDIT_RECORD_MATCHES_MAX records, by name. */
export const AuditRecordList = z.array(AuditRecordChoice);
export type AuditRecordList = z.infer<typeof AuditRecordList>;
