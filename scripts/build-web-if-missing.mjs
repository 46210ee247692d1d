// `npm start` on a fresh clone: build the web app once, so the portal opens at '/'.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.log('Web uygulaması derleniyor (ilk çalıştırma)...');
  execSync('npm run build', { stdio: 'inherit' });
}
