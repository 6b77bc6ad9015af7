import { randomBytes } from 'node:crypto';
import { hashClientSecret } from '../../server/blade/auth';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { badRequest } from '../../server/blade/errors';
import { SUPPORTED_GRANT_TYPES } from './schema';

const SUPPORTED = new Set<string>(SUPPORTED_GRANT_TYPES);

/**
 * Client secrets are stored as SHA-256 (what `oauth/token` compares the Basic header with): one left empty is
 * generated, and a new client's secret is answered once. The client the caller signed in with cannot be removed.
 */
export const behaviour: ResourceBehaviour = {
  beforeWrite({ values, isInsert, revealed }) {
    if (typeof values.authorizedGrantTypes === 'string') {
      const types = [...new Set(values.authorizedGrantTypes.split(',').map((type) => type.trim()).filter(Boolean))];
      const unknown = types.find((type) => !SUPPORTED.has(type));
      if (unknown !== undefined) throw badRequest(`授权类型不支持: ${unknown}`);
      values.authorizedGrantTypes = types.join(',');
    }
    for (const [name, label] of [
      ['accessTokenValidity', '令牌过期秒数'],
      ['refreshTokenValidity', '刷新令牌过期秒数'],
    ] as const) {
      const seconds = values[name];
      if (typeof seconds === 'number' && seconds <= 0) throw badRequest(`${label}必须大于0`);
    }
    let secret = typeof values.clientSecret === 'string' ? values.clientSecret : undefined;
    if (isInsert && !secret) secret = randomBytes(24).toString('base64url');
    if (secret) {
      values.clientSecret = hashClientSecret(secret);
      if (isInsert) {
        revealed.clientId = String(values.clientId ?? '');
        revealed.clientSecret = secret;
      }
    }
  },

  async beforeRemove({ tx, user, ids }) {
    const rows = await tx.query<{ client_id: string }>(
      `SELECT client_id FROM blade_client WHERE id = ANY(string_to_array($1, ',')::bigint[]) AND is_deleted = 0`,
      [ids.join(',')],
    );
    if (rows.some((row) => row.client_id === user.clientId)) throw badRequest('不能删除当前登录使用的客户端');
  },
};
