import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string };

export const PRODUCT = { name: 'Mandıra Portal', version: pkg.version } as const;
