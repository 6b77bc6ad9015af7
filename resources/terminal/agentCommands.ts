/**
 * How a test bench starts a terminal's agent: fetch the one-file agent from the server (no token needed), then run it
 * with Node. The token travels in the environment, so neither npm nor a process list echoes it back.
 */
export const AGENT_FILE_PATH = '/agent/agent.mjs';
export const AGENT_FILE_NAME = 'agent.mjs';

export const agentFetchCommand = (origin: string) => `curl -fsSO ${origin}${AGENT_FILE_PATH}`;

export const agentRunCommand = (origin: string, terminalCode: string, token: string) =>
  `BLADE_AGENT_TOKEN=${token} node ${AGENT_FILE_NAME} --server ${origin} --terminal ${terminalCode}`;

/** Both in one line, runnable as it stands in any folder of a bench (what the first start prints). */
export const agentOneLiner = (origin: string, terminalCode: string, token: string) =>
  `${agentFetchCommand(origin)} && ${agentRunCommand(origin, terminalCode, token)}`;
