import { Group, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import type { BarcodeReader } from './barcode-reader.ts';
import { CameraScanButton } from './camera-scan.tsx';
import { useKeyboardWedge } from './use-keyboard-wedge.ts';

type ScanFieldProps = {
  onScan: (code: string) => void;
  label?: string;
  error?: string | null;
  /** Whether a scanner's codes are taken wherever the focus is on the screen (not in another field). */
  listen?: boolean;
  loadReader?: () => Promise<BarcodeReader>;
};

/**
 * The one place a screen takes codes: a scanner anywhere on the screen, the camera button, or the code
 * typed here and Enter — typing stays possible on every device.
 */
export function ScanField({
  onScan,
  label = 'Barkod / karekod',
  error,
  listen = true,
  loadReader,
}: ScanFieldProps) {
  const [typed, setTyped] = useState('');
  const take = (code: string) => {
    setTyped('');
    if (code.trim()) onScan(code.trim());
  };
  useKeyboardWedge(take, { enabled: listen });
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        data-scan-input
        style={{ flex: 1 }}
        label={label}
        placeholder="Okutunuz veya yazıp Enter'a basınız"
        leftSection={<IconBarcode size={18} />}
        value={typed}
        error={error ?? undefined}
        autoComplete="off"
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          take(typed);
        }}
      />
      <CameraScanButton onScan={take} loadReader={loadReader} />
    </Group>
  );
}
