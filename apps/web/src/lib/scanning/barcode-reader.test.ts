import { ZXING_WASM_SHA256 as polyfillWasm } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';
import { ZXING_WASM_SHA256 as servedWasm } from 'zxing-wasm/reader';
import { ZXING_WASM_URL } from './barcode-reader.ts';

describe('the camera reader’s WebAssembly', () => {
  it('is one of the portal’s own files, never a CDN address', () => {
    expect(ZXING_WASM_URL).toMatch(/^\/.*zxing_reader.*\.wasm$/);
  });

  // The portal serves the .wasm of the zxing-wasm it depends on; the polyfill's glue code must be of the
  // same build, or the reader fails to start on the device.
  it('is the very build the polyfill was made for', () => {
    expect(servedWasm).toBe(polyfillWasm);
  });
});
