import { randomBytes } from 'node:crypto';
import { hashClientSecret } from '../../server/blade/auth';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { badRequest } from '../../server/blade/errors';

/**
 * Client secrets are stored as SHA-256 (what `oauth/token` compares the Basic header with): one left empty is
 * generated, and a new client's secret is answered once. The client the caller signed in with cannot be removed.
 */
export const behaviour: ResourceBehaviour = {
  beforeWrite({ values, isInsert, revealed }) {
    // Each type is one of the options (checked with the field); a type named twice is kept once.
    if (typeof values.authorizedGrantTypes === 'string') {
      values.authorizedGrantTypes = [...new Set(values.authorizedGrantTypes.split(',').map((type) => type.trim()).filter(Boolean))].join(',');
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
