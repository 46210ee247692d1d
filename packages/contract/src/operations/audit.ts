import { AuditPage, AuditQuery, AuditRecordList, AuditRecordQuery } from '../audit.ts';
import { AuditChainCheck } from '../audit-chain.ts';
import { operation } from '../operation.ts';

// The audit trail is read only: no operation writes, changes or deletes an entry (decision 0126).
const tags = ['İşlem geçmişi'];

export const listAuditEntries = operation({
  operationId: 'listAuditEntries',
  method: 'GET',
  path: '/audit',
  tags,
  summary: 'İşlem geçmişini listeler',
  description:
    "Newest first, one page (default page 1 of 50). entityType=ORDER with entityId also lists the order's items, loads and payments.",
  access: 'AUDIT_VIEW',
  query: AuditQuery,
  answer: AuditPage,
});

export const searchAuditRecords = operation({
  operationId: 'searchAuditRecords',
  method: 'GET',
  path: '/audit/records',
  tags,
  summary: 'İşlem geçmişi filtresi için kayıtları adıyla arar',
  description:
    "Records of one kind whose name or code contains `q` (Turkish case-insensitive), at most 20, by name; with `id`, that one record. The filters pick a user (entityType=USER) or a record by name this way, so an auditor needs no other screen's privilege.",
  access: 'AUDIT_VIEW',
  query: AuditRecordQuery,
  answer: AuditRecordList,
});

export const verifyAuditChain = operation({
  operationId: 'verifyAuditChain',
  method: 'GET',
  path: '/audit/chain',
  tags,
  summary: 'İşlem geçmişinin bütünlüğünü doğrular',
  description:
    "Walks the hash chain of the whole trail (docs/domain/audit.md) and names the first entry that was changed, deleted or slipped in. A request while one runs gets that run's answer.",
  access: 'AUDIT_VIEW',
  answer: AuditChainCheck,
});
