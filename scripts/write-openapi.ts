// Writes the served OpenAPI document to docs/openapi.json (`npm run openapi`); a test fails when the
// file and the served document differ.
import { writeFile } from 'node:fs/promises';
import { API_DOCUMENT_FILE, renderApiDocument } from '../apps/server/src/start/api-document.ts';

await writeFile(API_DOCUMENT_FILE, await renderApiDocument());
console.log(`written: ${API_DOCUMENT_FILE.pathname}`);
