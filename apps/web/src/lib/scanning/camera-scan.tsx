import { ActionIcon, Alert, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { type BarcodeReader, loadBarcodeReader } from './barcode-reader.ts';
import { CAMERA_MESSAGES } from './scan-messages.ts';

/** How often a frame is read: often enough to feel instant, rarely enough for a phone's processor. */
const FRAME_INTERVAL_MS = 200;

type CameraScanProps = {
  onScan: (code: string) => void;
  /** The reader; the polyfill unless a test gives another. */
  loadReader?: () => Promise<BarcodeReader>;
};

function cameraError(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_MESSAGES.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_MESSAGES.unavailable;
  return CAMERA_MESSAGES.failed;
}

/** The camera view of an open scan: the back camera's picture, read until a code is found. */
function CameraView({ onScan, loadReader = loadBarcodeReader }: CameraScanProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const found = useRef(onScan);
  found.current = onScan;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(CAMERA_MESSAGES.unavailable);
        return;
      }
      try {
        const [reader, media] = await Promise.all([
          loadReader(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = media;
        await element.play();
        setReady(true);
        let busy = false;
        timer = setInterval(async () => {
          if (busy || stopped) return;
          busy = true;
          try {
            const code = (await reader.detect(element))[0]?.rawValue;
            if (code && !stopped) {
              stopped = true;
              found.current(code);
            }
          } finally {
            busy = false;
          }
        }, FRAME_INTERVAL_MS);
      } catch (failure) {
        if (!stopped) setError(cameraError(failure));
      }
    };
    void start();
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [loadReader]);

  if (error) return <Alert color="red">{error}</Alert>;
  return (
    <Stack gap="xs" align="center">
      {!ready && <Loader aria-label="Kamera açılıyor" />}
      <video
        ref={video}
        muted
        playsInline
        style={{ width: '100%', maxHeight: '60vh' }}
        aria-label="Kamera görüntüsü"
      />
      <Text size="sm" c="dimmed">
        Kodu kameranın önüne tutunuz.
      </Text>
    </Stack>
  );
}

/** A button that opens the camera and hands the first code it reads to `onScan`. */
export function CameraScanButton({ onScan, loadReader }: CameraScanProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label="Kamerayla okut">
        <ActionIcon variant="light" size={44} aria-label="Kamerayla okut" onClick={() => setOpen(true)}>
          <IconCamera />
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title="Kamerayla okut" centered>
        {open && (
          <CameraView
            loadReader={loadReader}
            onScan={(code) => {
              setOpen(false);
              onScan(code);
            }}
          />
        )}
      </Modal>
    </>
  );
}
