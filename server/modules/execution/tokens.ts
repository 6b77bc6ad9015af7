import { createHash, randomBytes } from 'node:crypto';
import type { BladeUser } from '../../blade/context';
import { badRequest } from '../../blade/errors';
import { nextId } from '../../blade/ids';
import { formatDateTime } from '../../blade/serializer';
import { hearOtherProcesses, tellOtherProcesses } from '../../db/process-messages';
import type { Db } from '../../db/types';
import type { AgentTerminal } from './engine';
import { scopedWhere } from '../../blade/scope';
import { BoundedCache, processWide } from '../../bounded-cache';

/**
 * Agent tokens of terminals. A token is shown once when issued; only its SHA-256 is stored (a random 256-bit secret
 * needs no slow hash). It authenticates the agent endpoints of its own terminal and tenant, nothing else.
 */

const TOKEN_PREFIX = 'bta_';
export const hashAgentToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Tokens recently found good, so that an agent's calls (one or two per case) do not each look theirs up. Issuing or
 * revoking a token forgets them all, in this process at once and in the others on the same database through NOTIFY;
 * a terminal deleted or renamed is seen within this long.
 */
const KNOWN_TOKEN_MS = 10_000;
const knownTokens = processWide(new BoundedCache<string, { terminal: AgentTerminal; until: number }>('agentTokens', { maxEntries: 10_000 }));
/** The NOTIFY channel telling every process that a token was issued or revoked. */
export const AGENT_TOKEN_CHANNEL = 'blade_agent_tokens';
/** Moves at every change: a look-up that a change overtook is not kept. */
let tokenGeneration = 0;

function forgetTokens() {
  tokenGeneration++;
  knownTokens.clear();
}

async function tokensChanged(db: Db): Promise<void> {
  forgetTokens();
  await tellOtherProcesses(db, AGENT_TOKEN_CHANNEL, '', 'they see the change when their entries expire');
}

/** Lets other processes' token changes reach this process's known tokens, until `lifetime` ends. */
export function hearTokenChanges(db: Db, lifetime: AbortSignal): Promise<void> {
  return hearOtherProcesses(db, AGENT_TOKEN_CHANNEL, forgetTokens, lifetime, 'changes reach this process when its entries expire');
}

async function terminalOf(db: Db, user: BladeUser, terminalId: string) {
  const scope = scopedWhere(user, { resource: 'terminal' }, 'id = $1', [terminalId]);
  const [terminal] = await db.query<{ id: string; terminal_code: string | null }>(`SELECT id, terminal_code FROM blade_terminal WHERE ${scope.where}`, scope.values);
  if (!terminal) throw badRequest(`终端不存在: ${terminalId}`);
  return terminal;
}

/** A new token for the terminal; any earlier one stops working. */
export async function issueToken(db: Db, user: BladeUser, terminalId: string) {
  const terminal = await terminalOf(db, user, terminalId);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = formatDateTime(new Date());
  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE blade_terminal_token SET is_deleted = 1, revoked_time = $2, update_time = $2, update_user = $3 WHERE terminal_id = $1 AND is_deleted = 0',
      [terminal.id, now, user.userId],
    );
    await tx.query(
      `INSERT INTO blade_terminal_token (id, tenant_id, terminal_id, token_hash, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $5, $7)`,
      [nextId(), user.tenantId, terminal.id, hashAgentToken(token), user.userId, user.deptId.split(',')[0] || null, now],
    );
  });
  await tokensChanged(db);
  return { terminalId: terminal.id, terminalCode: terminal.terminal_code ?? '', token, createTime: now };
}

export async function revokeToken(db: Db, user: BladeUser, terminalId: string): Promise<void> {
  const terminal = await terminalOf(db, user, terminalId);
  const now = formatDateTime(new Date());
  await db.query(
    'UPDATE blade_terminal_token SET is_deleted = 1, revoked_time = $2, update_time = $2, update_user = $3 WHERE terminal_id = $1 AND is_deleted = 0',
    [terminal.id, now, user.userId],
  );
  await tokensChanged(db);
}

/** Whether the terminal has a live token, since when and when its agent was last heard of. */
export async function agentInfo(db: Db, user: BladeUser, terminalId: string) {
  const terminal = await terminalOf(db, user, terminalId);
  const [row] = await db.query<{ create_time: string | null; last_used: string | null; last_heartbeat: string | null; running_status: number | null }>(
    `SELECT k.create_time, k.last_used, t.last_heartbeat, t.running_status FROM blade_terminal t
     LEFT JOIN blade_terminal_token k ON k.terminal_id = t.id AND k.is_deleted = 0 WHERE t.id = $1`,
    [terminal.id],
  );
  return {
    terminalId: terminal.id,
    terminalCode: terminal.terminal_code ?? '',
    hasToken: Boolean(row?.create_time),
    tokenCreateTime: row?.create_time ?? '',
    tokenLastUsed: row?.last_used ?? '',
    lastHeartbeat: row?.last_heartbeat ?? '',
    runningStatus: row?.running_status ?? -1,
  };
}

/** The terminal a bearer token belongs to; undefined for an unknown, revoked or foreign token, or another terminal's code. */
export async function authenticateAgent(db: Db, authorization: string | undefined, terminalCode: string | undefined): Promise<AgentTerminal | undefined> {
  const token = authorization?.match(/^bearer\s+(\S+)$/i)?.[1];
  if (!token?.startsWith(TOKEN_PREFIX)) return undefined;
  const hash = hashAgentToken(token);
  const known = knownTokens.get(hash);
  const terminal = known && known.until > Date.now() ? known.terminal : await lookUpToken(db, hash);
  if (!terminal) return undefined;
  if (terminalCode !== undefined && terminalCode !== '' && terminalCode !== terminal.terminalCode) return undefined;
  return terminal;
}

async function lookUpToken(db: Db, hash: string): Promise<AgentTerminal | undefined> {
  const generation = tokenGeneration;
  const [row] = await db.query<{ terminal_id: string; tenant_id: string; terminal_code: string | null }>(
    `SELECT k.terminal_id, k.tenant_id, t.terminal_code FROM blade_terminal_token k
     JOIN blade_terminal t ON t.id = k.terminal_id AND t.tenant_id = k.tenant_id AND t.is_deleted = 0
     WHERE k.token_hash = $1 AND k.is_deleted = 0`,
    [hash],
  );
  if (!row) return undefined;
  const terminal = { terminalId: String(row.terminal_id), tenantId: row.tenant_id, terminalCode: row.terminal_code ?? '' };
  if (generation === tokenGeneration) knownTokens.set(hash, { terminal, until: Date.now() + KNOWN_TOKEN_MS });
  return terminal;
}
