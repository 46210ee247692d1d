import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectPglite } from '../db/client.ts';

/** Where the document is kept for integrators who do not run the server. */
export const API_DOCUMENT_FILE = new URL('../../../../docs/openapi.json', import.meta.url);

/**
 * The OpenAPI document exactly as the server serves it at `/api/docs/json`, as the text kept in
 * `docs/openapi.json` (built on an empty in-memory database: the document depends on the routes only).
 */
export async function renderApiDocument(): Promise<string> {
  const database = await connectPglite();
  try {
    await database.migrate();
    const app = await buildApp({
      config: loadConfig({
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'belge-icin-sifre',
        WEB_DIST: '/nonexistent',
      }),
      database,
    });
    await app.ready();
    const served = await app.inject({ method: 'GET', url: '/api/docs/json' });
    await app.close();
    return `${JSON.stringify(served.json(), null, 2)}\n`;
  } finally {
    await database.close();
  }
}
