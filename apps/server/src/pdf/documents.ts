import { type PdfDoc, pdfBuffer } from './pdf-document.ts';

/**
 * A document the server draws (decision 98), declared by the module that owns it, beside its drawing:
 * the drawing itself, for drawing on the calling thread, and where a render worker finds it (the
 * file's URL and the name it is exported under), so a worker loads only the drawing it is asked for
 * and this floor names no module.
 */
export type PdfDrawing<A extends unknown[]> = {
  readonly file: string;
  readonly name: string;
  readonly draw: (...args: A) => PdfDoc;
};

/** Declares a drawing exported as `name` from the file at `file` (its `import.meta.url`). */
export function pdfDrawing<A extends unknown[]>(
  file: string,
  name: string,
  draw: (...args: A) => PdfDoc,
): PdfDrawing<A> {
  return { file, name, draw };
}

/** What a worker is asked to draw: plain data that crosses to its thread as a structured clone. */
export type DrawingRequest = { file: string; name: string; args: unknown[] };

// A worker loads drawings from the server's own source (or build) only, never from elsewhere.
const SERVER_ROOT = new URL('../', import.meta.url).href;

/** Loads the drawing a request names and draws it into a finished file. */
export async function drawRequested({ file, name, args }: DrawingRequest): Promise<Uint8Array> {
  if (!file.startsWith(SERVER_ROOT)) throw new Error(`a drawing outside the server: ${file}`);
  const loaded = (await import(file)) as Record<string, unknown>;
  const draw = loaded[name];
  if (typeof draw !== 'function') throw new Error(`${file} exports no drawing named ${name}`);
  return pdfBuffer(draw(...args) as PdfDoc);
}
