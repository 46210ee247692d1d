import fs from 'node:fs';
import path from 'node:path';
import { LOCK_FILE, takeDataDirLock } from '../db/client.ts';

/** Written into a folder `npm run demo` made; only such a folder is ever emptied by it. */
export const DEMO_MARKER = 'mandira-demo.txt';

export class NotADemoFolderError extends Error {}

/**
 * Makes `dataDir` an empty demo folder, owned by this process (decision 53). The lock comes first, so a
 * folder another process has open is refused before anything is touched; a folder with files but no
 * demo marker (a live data folder, something else entirely) is refused and left as it is. The lock
 * stays with this process for the server that follows.
 */
export function prepareDemoFolder(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeDataDirLock(dataDir);
  const contents = fs.readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
  if (contents.length > 0 && !contents.includes(DEMO_MARKER)) {
    releaseLock();
    throw new NotADemoFolderError(
      `${dataDir} bir demo veritabanı değil (${DEMO_MARKER} yok); silinmedi. ` +
        'Demo için boş ya da yeni bir klasör seçin (DEMO_DATA_DIR) ya da bu klasörü emin olduktan sonra kendiniz silin.',
    );
  }
  for (const name of contents) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  fs.writeFileSync(
    path.join(dataDir, DEMO_MARKER),
    'Bu klasör `npm run demo` ile oluşturulan demo veritabanıdır; her demo başlangıcında silinip yeniden kurulur.\n',
  );
}
