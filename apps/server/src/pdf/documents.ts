import { pdfBuffer } from './pdf-document.ts';

/**
 * Every document the server draws, by name (decision 98): each is loaded where it is drawn, so a
 * render worker imports a drawing and what it needs only when first asked for it.
 */
const DOCUMENTS = {
  statement: async () => (await import('../modules/accounting/statement-pdf.ts')).statementPdf,
  dispatchNote: async () => (await import('../modules/shipments/dispatch-note.ts')).dispatchNotePdf,
};

export type DocumentKind = keyof typeof DOCUMENTS;
/** What a document is drawn from: plain data that crosses to a worker thread as a structured clone. */
export type DocumentArgs<K extends DocumentKind> = Parameters<Awaited<ReturnType<(typeof DOCUMENTS)[K]>>>;

export function isDocumentKind(kind: unknown): kind is DocumentKind {
  return typeof kind === 'string' && Object.hasOwn(DOCUMENTS, kind);
}

/** Draws the document and returns the finished file. */
export async function drawDocument<K extends DocumentKind>(
  kind: K,
  args: DocumentArgs<K>,
): Promise<Uint8Array> {
  const draw = (await DOCUMENTS[kind]()) as (...input: DocumentArgs<K>) => Parameters<typeof pdfBuffer>[0];
  return pdfBuffer(draw(...args));
}
