import { Alert, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import type { BarcodeReader } from '../../lib/scanning/barcode-reader.ts';
import { beep } from '../../lib/scanning/beep.ts';
import {
  lineRefusal,
  type ScanLine,
  scanMatchesLine,
  scannedPieces,
} from '../../lib/scanning/order-line-match.ts';
import { ScanField } from '../../lib/scanning/scan-field.tsx';
import { useResolveScan } from '../../lib/scanning/use-scan.ts';

type Warehouse = { warehouse: string; warehouseLabel: string; pieces: number };

type Props = {
  item: ScanLine & { productContent: readonly { barcode: string }[] };
  warehouses: readonly Warehouse[];
  quantities: Record<string, number | undefined>;
  onQuantitiesChange: (
    update: (current: Record<string, number | undefined>) => Record<string, number | undefined>,
  ) => void;
  loadReader?: () => Promise<BarcodeReader>;
};

/**
 * Loading by scanning (docs/domain/scanning.md): each box put on the truck is scanned; a box of the
 * line's product adds its pieces to the chosen warehouse's row, any other code is refused on the spot
 * with a sound and the reason. The rows stay typeable.
 */
export function LoadScan({ item, warehouses, quantities, onQuantitiesChange, loadReader }: Props) {
  const resolve = useResolveScan();
  const line: ScanLine = { ...item, contentBarcodes: item.productContent.map((one) => one.barcode) };
  const holding = warehouses.filter((one) => one.pieces > 0);
  const [chosen, setChosen] = useState(holding[0]?.warehouse);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  if (chosen === undefined) return null;

  const onScan = async (code: string) => {
    setTaken(null);
    try {
      const scan = await resolve(code);
      if (!scanMatchesLine(scan, line)) {
        setRefusal(lineRefusal(scan, line));
        beep('error');
        return;
      }
      const pieces = scannedPieces(scan, line);
      setRefusal(null);
      onQuantitiesChange((current) => ({ ...current, [chosen]: (current[chosen] ?? 0) + pieces }));
      beep('ok');
      const total = (quantities[chosen] ?? 0) + pieces;
      const lot = scan.lotCode ? `, parti ${scan.lotCode}` : '';
      setTaken(`Okundu: ${formatNumber(pieces)} adet${lot}. Bu depodan ${formatNumber(total)} adet.`);
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : String(failure));
      beep('error');
    }
  };

  return (
    <Stack gap="xs" data-testid="load-scan">
      {holding.length > 1 && (
        <SegmentedControl
          aria-label="Okutulan depo"
          value={chosen}
          onChange={setChosen}
          data={holding.map((one) => ({ value: one.warehouse, label: one.warehouseLabel }))}
        />
      )}
      <ScanField onScan={(code) => void onScan(code)} loadReader={loadReader} />
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      {taken && (
        <Text size="sm" c="teal" role="status">
          {taken}
        </Text>
      )}
    </Stack>
  );
}
