import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In dev the embedded server runs on API_PORT and Vite proxies the Blade paths to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': apiTarget, '/gateway': apiTarget },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
  },
});
