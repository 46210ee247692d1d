import type { EnumDescription } from '@mandira/contract/packaging';
import { Alert, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../lib/format/format.ts';
import type { BarcodeReader } from '../../lib/scanning/barcode-reader.ts';
import { beep } from '../../lib/scanning/beep.ts';
import { ScanField } from '../../lib/scanning/scan-field.tsx';
import { useResolveScan } from '../../lib/scanning/use-scan.ts';
import { fillFromScan, type ScanItem, type ScanLots, type ScanQuantities } from './goods-scan-fill.ts';

type Props = {
  item: ScanItem;
  /** The item's stock lines: a scan fills the chosen warehouse's line. */
  lines: readonly { id: number; wareHouse: EnumDescription }[];
  lots: ScanLots;
  onLotsChange: (lots: ScanLots) => void;
  quantities: ScanQuantities;
  onQuantitiesChange: (quantities: ScanQuantities) => void;
  /** The line scanned first: the one a scan on the page filled, so the next box goes there too. */
  initialLineId?: number;
  loadReader?: () => Promise<BarcodeReader>;
};

/**
 * Goods-in by scanning: each scanned box of the modal's item adds its pieces to the chosen warehouse's
 * line and fills that line's lot and dates from the label; a box of another item is refused with a
 * sound and the reason. Typing stays possible in every field.
 */
export function GoodsScan({
  item,
  lines,
  lots,
  onLotsChange,
  quantities,
  onQuantitiesChange,
  initialLineId,
  loadReader,
}: Props) {
  const resolve = useResolveScan();
  const [lineId, setLineId] = useState(initialLineId ?? lines[0]?.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  if (lineId === undefined) return null;

  const onScan = async (code: string) => {
    setTaken(null);
    try {
      const fill = fillFromScan(await resolve(code), item, lineId, { lots, quantities });
      if ('refusal' in fill) {
        setRefusal(fill.refusal);
        beep('error');
        return;
      }
      setRefusal(null);
      onLotsChange(fill.lots);
      onQuantitiesChange(fill.quantities);
      beep('ok');
      const lot = fill.lot
        ? `, parti ${fill.lot.code}${fill.lot.expiryDate ? `, SKT ${formatDate(fill.lot.expiryDate)}` : ''}`
        : '';
      setTaken(`Okundu: ${fill.pieces} adet${lot}.`);
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : String(failure));
      beep('error');
    }
  };

  return (
    <Stack gap="xs">
      {lines.length > 1 && (
        <SegmentedControl
          aria-label="Okutulan depo"
          value={String(lineId)}
          onChange={(value) => setLineId(Number(value))}
          data={lines.map((line) => ({ value: String(line.id), label: line.wareHouse.label }))}
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
