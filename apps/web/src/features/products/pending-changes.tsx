import {
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  type PendingChange,
  WAREHOUSE_STOCK_TYPE_LABELS,
} from '@mandira/contract/products';
import { ChangeList } from '../../lib/pages/change-list.tsx';

const LABELS_OF: Record<string, Record<string, string>> = {
  packagingType: PACKAGING_TYPE_LABELS,
  packagingUnitType: PACKAGING_UNIT_TYPE_LABELS,
  warehouseStockType: WAREHOUSE_STOCK_TYPE_LABELS,
};

function shown(field: string, value: PendingChange['oldValue']): string {
  if (value === null || value === '') return '—';
  return LABELS_OF[field]?.[String(value)] ?? String(value).replace('.', ',');
}

/** What the ERP changed on a known item, old → new, so the approver sees what is being accepted. */
export function PendingChanges({ changes }: { changes: PendingChange[] }) {
  return <ChangeList changes={changes} noun="ürünle" shown={shown} />;
}
