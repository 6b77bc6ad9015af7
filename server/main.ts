import { registry } from '../resources/schemas';
import { agentOneLiner } from '../resources/terminal/agentCommands';
import { ADMIN_TENANT } from './blade/context';
import { loadConfig } from './config';
import { openDb } from './db/open';

const config = loadConfig();
/** One line as each step of the start begins, with the seconds since the process started. */
const onStartStep = (step: string) => console.log(`[${process.uptime().toFixed(1).padStart(5)} s] ${step}…`);
if (!config.upstream) onStartStep(config.databaseUrl ? 'opening PostgreSQL' : `opening the embedded database in ${config.dataDir}`);
// The embedded database compiles its WebAssembly and reads its files while the rest of the server loads.
const opening = config.upstream ? undefined : openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Marked as handled here; a failure to open still ends the start, where startServer awaits it.
opening?.catch(() => undefined);
const { startServer } = await import('./app');
const { issueDemoAgentTokens } = await import('./modules/execution/demo-agents');
const server = await startServer(config, { resources: registry, onStartStep: config.upstream ? undefined : onStartStep }, opening);

console.log(`Test-management admin on ${server.url} (ready in ${process.uptime().toFixed(1)} s)`);
if (config.upstream) {
  console.log(`Proxying /api and /gateway to ${config.upstream}`);
} else {
  console.log(`Login: tenant ${ADMIN_TENANT}, account admin`);
  // Generated on this first start only; it is stored as a hash and never shown again.
  if (server.adminPassword) console.log(`Administrator password (shown once): ${server.adminPassword}`);
  const agents = await issueDemoAgentTokens(server.db).catch((error: unknown) => {
    console.error('[execution] demo agent tokens not issued:', error);
    return [];
  });
  if (agents.length > 0) {
    console.log('Terminal agents of the demo benches (tokens shown once; new ones on 终端管理).');
    console.log('On a bench with Node.js >= 20 and python3, in any folder (no checkout needed), one per terminal:');
    for (const { terminalCode, token } of agents) console.log(`  ${agentOneLiner(server.url, terminalCode, token)}`);
  }
  console.log('Demo account: tenant 000000, account tester (two roles, two departments); tester uses the same first-start password');
}

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
