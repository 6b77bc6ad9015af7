import { ADMIN_TENANT, isAdministrator, type BladeUser } from '../blade/context';
import { badRequest, forbidden } from '../blade/errors';
import { nextId } from '../blade/ids';
import { SqlParams } from '../blade/query';
import { tenantRows } from '../blade/scope';
import { formatDateTime } from '../blade/serializer';
import type { Db } from '../db/types';
import { ModelError, readProcessModel } from './model';

/**
 * Deploying a process: a drawn model (模型设计's 部署) or an uploaded file (部署管理) becomes the next version of its
 * process key in each tenant it goes to.
 */

const tenantMissing = (tenantId: string) => `租户 ${tenantId} 不存在`;

/** The model checked; its problem is a 400 naming the element (and the file, for an upload). */
export async function checkedModel(xml: string, fileName?: string) {
  try {
    return await readProcessModel(xml);
  } catch (error) {
    if (error instanceof ModelError) throw badRequest(fileName ? `${fileName}: ${error.message}` : error.message);
    throw error;
  }
}

/** The tenants a deployment goes to: the caller's own, or (administrator of the administrator tenant) those named. */
export async function targetTenants(db: Db, user: BladeUser, tenantIds: string): Promise<string[]> {
  const named = [...new Set(tenantIds.split(',').map((id) => id.trim()).filter((id) => id !== ''))];
  if (named.length === 0 || (named.length === 1 && named[0] === user.tenantId)) return [user.tenantId];
  if (user.tenantId !== ADMIN_TENANT || !isAdministrator(user)) throw forbidden();
  for (const tenantId of named) {
    if (!/^[\w.-]{1,12}$/.test(tenantId)) throw badRequest(tenantMissing(tenantId));
    const params = new SqlParams();
    const found = await db.query(`SELECT 1 FROM blade_tenant WHERE ${tenantRows(tenantId, params).join(' AND ')}`, params.values);
    if (found.length === 0) throw badRequest(tenantMissing(tenantId));
  }
  return named;
}

/** Deploys `xml` in `tenantId` as the next version of its process key. */
export async function deploy(db: Db, user: BladeUser, tenantId: string, xml: string, options: { category: string; resourceName: string; modelId?: string }) {
  const model = await checkedModel(xml, options.resourceName);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`flow-deploy:${tenantId}:${model.key}`]);
    const params = new SqlParams();
    const where = [...tenantRows(tenantId, params, { noLogicalDelete: true }), `process_key = ${params.add(model.key)}`];
    const [{ next }] = await tx.query<{ next: number }>(`SELECT COALESCE(MAX(version), 0) + 1 AS next FROM blade_flow_deployment WHERE ${where.join(' AND ')}`, params.values);
    const id = nextId();
    await tx.query(
      `INSERT INTO blade_flow_deployment (id, tenant_id, process_definition_id, process_key, name, description, category, version, resource_name, xml, suspension_state, model_id, deployment_time, create_user)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $12, $13)`,
      [id, tenantId, `${model.key}:${next}:${id}`, model.key, model.name, model.description, options.category, next, options.resourceName, xml, options.modelId ?? null, formatDateTime(new Date()), user.userId],
    );
  });
}
