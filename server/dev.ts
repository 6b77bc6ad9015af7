import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { registry } from '../resources/schemas';
import { startServer } from './app';
import { loadConfig } from './config';

// The API on API_PORT (no static files: Vite serves the app and proxies /api and /gateway, see vite.config.ts).
const apiPort = Number(process.env.API_PORT ?? 8081);
process.env.API_PORT = String(apiPort);
// The code generator's `gen-code-fast` writes its folders into this working tree; Vite then reloads the app.
const sourceTree = fileURLToPath(new URL('..', import.meta.url));
const api = await startServer({ ...loadConfig(), port: apiPort, staticDir: undefined, sourceTree }, { resources: registry });
console.log(`Blade API on ${api.url}`);
if (api.adminPassword) console.log(`Administrator password (shown once): ${api.adminPassword}`);

const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  await vite.close();
  await api.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
