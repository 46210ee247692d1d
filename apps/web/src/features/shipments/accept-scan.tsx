import type { ShipmentContentLine } from '@mandira/contract/shipments';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import type { BarcodeReader } from '../../lib/scanning/barcode-reader.ts';
import { beep } from '../../lib/scanning/beep.ts';
import { linesOfScan } from '../../lib/scanning/order-line-match.ts';
import { ScanField } from '../../lib/scanning/scan-field.tsx';
import { UNKNOWN_CODE_MESSAGE } from '../../lib/scanning/scan-messages.ts';
import { useResolveScan } from '../../lib/scanning/use-scan.ts';

type Props = {
  /** The lines still waiting for acceptance. */
  waiting: readonly ShipmentContentLine[];
  /** The same action as the line's 'Yüklemeyi Kabul Et' button. */
  onAccept: (line: ShipmentContentLine) => Promise<void> | void;
  loadReader?: () => Promise<BarcodeReader>;
};

const lineName = (line: ShipmentContentLine) =>
  `Sipariş ${line.orderNumber} · ${line.buyer.title} · ${formatNumber(line.pieces)} adet`;

/**
 * Load acceptance by scanning (docs/domain/scanning.md): a box of a waiting line's product accepts that
 * line as its button does; when several waiting lines carry the product the clerk picks one; any other
 * code is refused with a sound and the reason.
 */
export function AcceptScan({ waiting, onAccept, loadReader }: Props) {
  const resolve = useResolveScan();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [choices, setChoices] = useState<readonly ShipmentContentLine[]>([]);

  const accept = async (line: ShipmentContentLine) => {
    setChoices([]);
    beep('ok');
    await onAccept(line);
  };

  const onScan = async (code: string) => {
    setChoices([]);
    try {
      const scan = await resolve(code);
      const matches = linesOfScan(scan, waiting);
      if (matches.length === 0) {
        const scanned = scan.item?.name ?? scan.products[0]?.name;
        setRefusal(
          scanned
            ? `Okutulan ürün (${scanned}) kabul bekleyen yüklemeler arasında yok.`
            : UNKNOWN_CODE_MESSAGE,
        );
        beep('error');
        return;
      }
      setRefusal(null);
      if (matches.length === 1) await accept(matches[0]!);
      else setChoices(matches);
    } catch (failure) {
      setRefusal(failure instanceof Error ? failure.message : String(failure));
      beep('error');
    }
  };

  return (
    <Stack gap="xs" data-testid="accept-scan">
      <ScanField
        label="Kabul için barkod / karekod"
        onScan={(code) => void onScan(code)}
        loadReader={loadReader}
      />
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      {choices.length > 0 && (
        <Stack gap={6} role="group" aria-label="Hangi yükleme kabul edilsin?">
          <Text size="sm" fw={600}>
            {choices[0]!.productName} birden çok siparişte var; hangisinin yüklemesi kabul edilsin?
          </Text>
          <Group gap="xs">
            {choices.map((line) => (
              <Button key={line.orderItemId} mih={44} color="teal" onClick={() => void accept(line)}>
                {lineName(line)}
              </Button>
            ))}
            <Button mih={44} variant="default" onClick={() => setChoices([])}>
              Vazgeç
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
