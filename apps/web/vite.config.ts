import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { operationRoutes } from './build/operation-routes.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

/**
 * React and the router are on every page and change seldom: a chunk of their own stays cached across
 * releases. Everything else, Mantine included, is split by the build along the pages that use it (one
 * chunk of all of Mantine made the sign-in page load every component).
 */
const CHUNK_GROUPS = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
];

/** `@scope/name` or `name` of a module inside node_modules; undefined for the app's own code. */
function packageOf(moduleId: string): string | undefined {
  const match = /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId);
  return match?.[1]?.replace('\\', '/');
}

/**
 * Writes `.vite/chunk-packages.json` next to the manifest: the npm packages whose code each chunk
 * holds. The manifest names chunks but not their contents; the bundle budget test reads both to check
 * that Excel and the charts load only when used.
 */
function chunkPackages(): Plugin {
  return {
    name: 'mandira-chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const names = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => packageOf(id))
          .filter((name) => name !== undefined);
        packages[output.fileName] = [...new Set(names)].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-packages.json',
        source: `${JSON.stringify(packages, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [operationRoutes(), react(), chunkPackages(), serviceWorker(), precompress()],
  resolve: {
    // Two copies of @mantine/core would mean two React contexts ("MantineProvider was not found").
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunks and their imports, read by the bundle budget test.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
});
