import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call (under a millisecond for a page of
 * orders); larger ones, such as an unpaged export, stream through the thread pool (decision 135).
 */
export const SYNC_COMPRESSION_LIMIT_BYTES = 256 * 1024;

/** JSON answers only (the envelope); PDFs, Excel files and an event stream are never matched here. */
const COMPRESSED_TYPES = /^application\/json(?:;|$)/;

/**
 * br at quality 1 spends about a third of the plugin's default 4 on a page of JSON, for an answer a
 * sixth larger on the wire (decision 173).
 */
const BROTLI_QUALITY = 1;

/**
 * gzip, for a client that does not take br (a script, an integrator's HTTP library), at level 1: zlib's
 * default 6 spent 3.5–4.5 times br's time on a page of JSON, for a page a seventh smaller than level 1's
 * (decision 188).
 */
const GZIP_LEVEL = 1;

/** How an answer is compressed with br (the answer bench compresses with the same). */
export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
  },
};

/**
 * JSON answers of the API over 1 kB are compressed with br or gzip, whichever the client's
 * Accept-Encoding allows (br first), decision 108. Registered inside the `/api` scope before its
 * routes, so the web app's static files (served precompressed on their own) are never compressed
 * twice. Requests are not decompressed: a body comes as plain JSON, as before.
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_LIMIT_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: { level: GZIP_LEVEL },
    customTypes: COMPRESSED_TYPES,
    globalDecompression: false,
  });
}
