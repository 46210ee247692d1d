import type { FastifyReply } from 'fastify';
import { type PdfDoc, pdfBuffer } from './pdf-document.ts';

/**
 * A Content-Disposition for a download: an ASCII name for old clients and the exact (Turkish) name
 * in RFC 5987's `filename*`.
 */
export function attachmentHeader(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/ı/g, 'i')
    .replace(/İ/g, 'I')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Answers a finished file (from the render workers, decision 98) or ends the document, as a PDF
 * download. The whole file is built before the first byte is sent, so a failure while writing it is
 * still answered as an error envelope, not a cut file.
 */
export async function sendPdf(
  reply: FastifyReply,
  doc: PdfDoc | Uint8Array,
  filename: string,
): Promise<FastifyReply> {
  const body =
    doc instanceof Uint8Array
      ? Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength)
      : await pdfBuffer(doc);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentHeader(filename))
    .send(body);
}
