import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '@mandira/contract/audit';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_REFERENCE_FIELDS,
} from '@mandira/contract/audit-labels';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { isRecordedField } from './record-change.ts';

/**
 * Every action, record kind and field the trail can hold has its Turkish name in the contract
 * (decision 144). The entries the tests actually write are walked in audit.test.ts; this walks what the
 * code can record: the action codes its writers pass, and every stored column of every record kind.
 */

const MODULES = join(import.meta.dirname, '..');
const turkish = (label: string | undefined, code: string) =>
  Boolean(label?.trim()) && label !== code && !/[A-Z]{2,}_|_[A-Z]/.test(label!);

/** The source files of the server's modules, tests left out. */
function moduleSources(): { path: string; text: string }[] {
  return readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => ({ path, text: readFileSync(join(MODULES, path), 'utf8') }));
}

/** The table each kind of record is stored in: its columns are what a creation or an update lists. */
const TABLE_OF: Record<AuditEntityType, PgTable> = {
  ORDER: schema.orders,
  ORDER_ITEM: schema.orderItems,
  BASKET: schema.basketLines,
  SHIPMENT: schema.shipments,
  SHIPMENT_LOAD: schema.shipmentLoads,
  PAYMENT: schema.accountingTransactions,
  BUYER: schema.buyers,
  BUYER_WAREHOUSE: schema.buyerWarehouses,
  PRODUCT: schema.products,
  PRODUCT_ITEM: schema.productItems,
  STOCK: schema.stockLines,
  WAREHOUSE: schema.warehouses,
  VEHICLE: schema.vehicles,
  DRIVER: schema.drivers,
  MILK_VEHICLE: schema.milkVehicles,
  MILK_DRIVER: schema.milkVehicleDrivers,
  MILK_DELIVERY: schema.milkDeliveries,
  USER: schema.users,
  ROLE: schema.roles,
};

/** A snapshot of a bundle's lines: a record the office never sees, shown by its number. */
const INTERNAL_NUMBER = 'bundleSnapshotId';

describe('the Turkish names of the audit trail', () => {
  it('names every record kind, each differently', () => {
    for (const type of AUDIT_ENTITY_TYPES) expect(turkish(AUDIT_ENTITY_LABELS[type], type), type).toBe(true);
    expect(new Set(Object.values(AUDIT_ENTITY_LABELS)).size).toBe(AUDIT_ENTITY_TYPES.length);
  });

  it('names every action code', () => {
    const unnamed = AUDIT_ACTIONS.filter((action) => !turkish(AUDIT_ACTION_LABELS[action], action));
    expect(unnamed).toEqual([]);
  });

  it('names every action code a writer passes to the trail', () => {
    const recorded = new Set<string>();
    const writers = moduleSources().filter(({ text }) =>
      /recordChange\(|recordBasket\(|insert into \$\{auditEntries\}/.test(text),
    );
    expect(writers.length).toBeGreaterThan(20);
    for (const { text } of writers) {
      for (const match of text.matchAll(/\baction: '([A-Z_]+)'/g)) recorded.add(match[1]!);
      for (const match of text.matchAll(/recordBasket\(\s*tx,\s*actor,\s*'([A-Z_]+)'/g))
        recorded.add(match[1]!);
    }
    expect(recorded.size).toBeGreaterThan(10);
    expect([...recorded].filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
  });

  it('names every stored field of every record kind the trail records', () => {
    const unnamed: string[] = [];
    for (const type of AUDIT_ENTITY_TYPES) {
      for (const field of Object.keys(getTableColumns(TABLE_OF[type]))) {
        if (isRecordedField(field) && !turkish(AUDIT_FIELD_LABELS[field], field))
          unnamed.push(`${type}.${field}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('knows the kind of record every stored number column refers to', () => {
    const unknown: string[] = [];
    for (const type of AUDIT_ENTITY_TYPES) {
      for (const [field, column] of Object.entries(getTableColumns(TABLE_OF[type]))) {
        const number = column.dataType === 'number';
        const refers = number && /.Ids?$/.test(field) && field !== INTERNAL_NUMBER;
        if (refers && !AUDIT_REFERENCE_FIELDS[field]) unknown.push(`${type}.${field}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
