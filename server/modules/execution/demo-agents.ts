import { ADMIN_TENANT, ADMINISTRATOR_ROLE, type BladeUser } from '../../blade/context';
import { SEED_IDS } from '../../db/seed';
import type { Db } from '../../db/types';
import { issueToken } from './tokens';
import { tenantWhere } from '../../blade/scope';

/** The demo terminals a newcomer's agents stand for. */
export const DEMO_AGENT_TERMINALS = ['TM-001', 'TM-002'] as const;

const SEED_ADMIN: BladeUser = {
  tenantId: ADMIN_TENANT,
  userId: SEED_IDS.admin,
  account: 'admin',
  userName: 'admin',
  nickName: 'admin',
  realName: '管理员',
  roleId: SEED_IDS.administratorRole,
  roleName: ADMINISTRATOR_ROLE,
  deptId: SEED_IDS.dept,
  postId: SEED_IDS.post,
  clientId: 'saber',
  sessionId: '',
};

/**
 * On an installation's first start, tokens for the demo terminals that never had one, so the start banner can print
 * one command per bench. Tokens are shown this once (only hashes are kept); later ones come from 终端管理.
 */
export async function issueDemoAgentTokens(db: Db): Promise<{ terminalCode: string; token: string }[]> {
  const issued: { terminalCode: string; token: string }[] = [];
  for (const code of DEMO_AGENT_TERMINALS) {
    const scope = tenantWhere(ADMIN_TENANT, { alias: 't' }, 't.terminal_code = $1', [code]);
    const [terminal] = await db.query<{ id: string; ever: boolean }>(
      `SELECT t.id::text AS id, EXISTS (SELECT 1 FROM blade_terminal_token k WHERE k.terminal_id = t.id) AS ever
       FROM blade_terminal t WHERE ${scope.where}`,
      scope.values,
    );
    if (!terminal || terminal.ever) continue;
    const { token } = await issueToken(db, SEED_ADMIN, terminal.id);
    issued.push({ terminalCode: code, token });
  }
  return issued;
}
