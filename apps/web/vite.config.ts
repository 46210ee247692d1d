import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Libraries every screen needs go into long-cached vendor chunks; each screen gets its own chunk. */
const VENDOR_GROUPS = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  {
    name: 'vendor-mantine',
    // Charts (recharts) stay out: only the milk figures need them.
    test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui[\\/]|react-remove-scroll.*[\\/]|clsx[\\/])/,
  },
  { name: 'vendor-tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
});
