import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The camera's barcode reader: the `barcode-detector` polyfill on ZXing-C++ WebAssembly, loaded only when
 * a camera scan opens. Its .wasm is the copy the build puts among the portal's own assets (the import
 * above), never the CDN the package would fetch from: the floor's tablets may reach only the portal.
 * The polyfill is used even where the browser has its own detector, so every device reads GS1 alike.
 */

/** What the camera dialog needs of a detector; a test hands it a fake. */
export type BarcodeReader = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };

/** The linear and 2-D symbologies of the labels the dairy receives and prints. */
export const CAMERA_FORMATS = [
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'code_128',
  'itf',
  'databar',
  'databar_expanded',
  'data_matrix',
  'qr_code',
] as const;

/** The .wasm's address on the portal itself. */
export const ZXING_WASM_URL: string = wasmUrl;

let loading: Promise<BarcodeReader> | undefined;

export function loadBarcodeReader(): Promise<BarcodeReader> {
  loading ??= import('barcode-detector/ponyfill').then(({ BarcodeDetector, prepareZXingModule }) => {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? ZXING_WASM_URL : prefix + path,
      },
    });
    return new BarcodeDetector({ formats: [...CAMERA_FORMATS] });
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
