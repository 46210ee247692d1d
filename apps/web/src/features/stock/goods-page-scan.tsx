import type { ProductItem } from '@mandira/contract/products';
import { Alert, Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { productItemQuery } from '../../api/product-item.ts';
import type { BarcodeReader } from '../../lib/scanning/barcode-reader.ts';
import { beep } from '../../lib/scanning/beep.ts';
import { ScanField } from '../../lib/scanning/scan-field.tsx';
import { UNKNOWN_CODE_MESSAGE } from '../../lib/scanning/scan-messages.ts';
import { useResolveScan } from '../../lib/scanning/use-scan.ts';
import { type GoodsPrefill, prefillFromScan } from './goods-page-prefill.ts';
import type { GoodsKind } from './stock-changes.ts';

export type ScannedGoods = { item: ProductItem; kind: GoodsKind; prefill: GoodsPrefill };

type Props = {
  /** The item the scan named, with what its label fills: the page opens the goods modal with it. */
  onPick: (picked: ScannedGoods) => void;
  /** Off while a modal is open: the modal's own scan (or none) takes the codes then. */
  listen: boolean;
  /** The page's warehouse filter: its line is filled first. */
  warehouseName?: string;
  loadReader?: () => Promise<BarcodeReader>;
};

/**
 * The goods page's scan (docs/domain/scanning.md): a label scanned anywhere on the page, with the camera
 * or typed here picks its item by barcode or stock code and opens 'Mal Giriş' or 'Mal Çıkış' for it,
 * filled from the label. A code of no item is refused with a sound and the reason.
 */
export function GoodsPageScan({ onPick, listen, warehouseName, loadReader }: Props) {
  const resolve = useResolveScan();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<GoodsKind>('import');
  const [refusal, setRefusal] = useState<string | null>(null);

  const onScan = async (code: string) => {
    try {
      const scan = await resolve(code);
      if (!scan.item) {
        setRefusal(UNKNOWN_CODE_MESSAGE);
        beep('error');
        return;
      }
      // Read afresh: the lots on the lines change with every movement.
      const item = await queryClient.fetchQuery({ ...productItemQuery(scan.item.id), staleTime: 0 });
      setRefusal(null);
      beep('ok');
      onPick({ item, kind, prefill: prefillFromScan(scan, item, kind, warehouseName) });
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : String(failure));
      beep('error');
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="goods-page-scan">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Okutunca açılacak işlem"
            value={kind}
            onChange={(value) => setKind(value as GoodsKind)}
            data={[
              { value: 'import', label: 'Mal Giriş' },
              { value: 'export', label: 'Mal Çıkış' },
            ]}
          />
          <div style={{ flex: '1 1 260px' }}>
            <ScanField
              label="Ürün okut"
              listen={listen}
              loadReader={loadReader}
              onScan={(code) => void onScan(code)}
            />
          </div>
        </Group>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
