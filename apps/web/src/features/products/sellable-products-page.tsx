import { ALL_LABEL, packagingGroupLabel } from '@mandira/contract/products';
import type { Product } from '@mandira/contract/sellable-products';
import { Badge, Button, Select } from '@mantine/core';
import { IconListDetails, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useHasPrivilege } from '../../api/current-user.ts';
import { useProductPackagingGroups, useSellableProducts } from '../../api/products.ts';
import { HistoryButton } from '../../lib/audit/history-drawer.tsx';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { BundleViewerModal } from './bundle-viewer-modal.tsx';
import { SellableFormModal } from './sellable-form-modal.tsx';

const ALL = 'ALL';

function yesNo(flag: 0 | 1) {
  return flag ? (
    <Badge color="teal" variant="light">
      Evet
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Hayır
    </Badge>
  );
}

function columns(onShowBundle: (product: Product) => void): DataTableColumn<Product>[] {
  return [
    { id: 'name', header: 'Ürün Adı', value: (p) => p.name, minWidth: 140 },
    { id: 'stockCode', header: 'Stok Kodu', value: (p) => p.stockCode, noWrap: true },
    { id: 'barcode', header: 'Barkod', value: (p) => p.barcode, noWrap: true },
    {
      id: 'online',
      header: 'Online Satış',
      value: (p) => p.onlineListingAvailable === 1,
      render: (p) => yesNo(p.onlineListingAvailable),
    },
    {
      id: 'truck',
      header: 'Tır Sevkiyatı',
      value: (p) => p.truckShippingAvailable === 1,
      render: (p) => yesNo(p.truckShippingAvailable),
    },
    { id: 'perBox', header: 'Koli İçi Adet', value: (p) => p.quantityInsideBox, align: 'right' },
    { id: 'notes', header: 'Açıklama', value: (p) => p.notes, minWidth: 110 },
    {
      id: 'bundle',
      header: 'İçindekiler',
      value: (p) => p.productBundle.map((line) => `${line.quantity} × ${line.name}`).join(', '),
      sortable: false,
      noWrap: true,
      render: (p) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconListDetails size={14} />}
          onClick={() => onShowBundle(p)}
        >
          İçindekiler ({p.productBundle.length})
        </Button>
      ),
    },
  ];
}

/** 'Satılabilir Ürün Listesi': products made of stockable items, with their bundles. */
export default function SellableProductsPage() {
  const [group, setGroup] = useState(ALL);
  const products = useSellableProducts(group);
  const groups = useProductPackagingGroups();
  const [editing, setEditing] = useState<{ product: Product | undefined } | null>(null);
  const [viewing, setViewing] = useState<Product>();
  const tableColumns = useMemo(() => columns(setViewing), []);
  // Every signed-in user reads the list; adding and editing need the managing privilege (decision 104).
  const mayEdit = useHasPrivilege('SELLABLE_PRODUCT_MANAGEMENT');
  const seesHistory = useHasPrivilege('AUDIT_VIEW');

  return (
    <>
      <PageHeader
        title="Satılabilir Ürün Listesi"
        description="Siparişte satılan ürünler ve içlerindeki depolanabilir ürünler"
        actions={
          <Select
            label="Ambalaj grubu"
            w={200}
            allowDeselect={false}
            data={[
              { value: ALL, label: ALL_LABEL },
              ...(groups.data ?? []).map((g) => ({ value: g, label: packagingGroupLabel(g) })),
            ]}
            value={group}
            onChange={(value) => setGroup(value ?? ALL)}
          />
        }
      />
      <DataTable
        name="satilabilir-urunler"
        columns={tableColumns}
        initialSort={[{ id: 'name', desc: false }]}
        data={products.data}
        getRowId={(p) => p.id}
        loading={products.isPending}
        error={products.error}
        onRetry={() => void products.refetch()}
        minWidth={1000}
        toolbar={
          mayEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ product: undefined })}>
              Ürün Ekle
            </Button>
          )
        }
        rowActions={
          mayEdit || seesHistory
            ? (p) => (
                <>
                  {mayEdit && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setEditing({ product: p })}
                    >
                      Düzenle
                    </Button>
                  )}
                  <HistoryButton variant="button" entityType="PRODUCT" entityId={p.id} />
                </>
              )
            : undefined
        }
      />
      <SellableFormModal editing={editing} onClose={() => setEditing(null)} />
      <BundleViewerModal product={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
