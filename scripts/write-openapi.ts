// Writes the served OpenAPI document to docs/openapi.json, and the types of a client generated from it
// (`npm run openapi`); a test fails when either differs from what the server serves.
import { writeFile } from 'node:fs/promises';
import { API_TYPES_FILE, renderApiTypes } from '../apps/server/test/api-client/render-types.ts';
import { API_DOCUMENT_FILE, renderApiDocument } from '../apps/server/src/start/api-document.ts';

const document = await renderApiDocument();
await writeFile(API_DOCUMENT_FILE, document);
await writeFile(API_TYPES_FILE, await renderApiTypes(document));
console.log(`written: ${API_DOCUMENT_FILE.pathname}, ${API_TYPES_FILE.pathname}`);
