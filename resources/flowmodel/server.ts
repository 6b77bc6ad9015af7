import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { badRequest } from '../../server/blade/errors';
import { idField } from '../../server/blade/operation';
import { checkedModel, deploy, targetTenants } from '../../server/flow/deploy';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: `${label}长度不能超过${max}个字符` })
    .optional()
    .transform((value) => value ?? '');

/** `deploy`'s parameters: the model, its category (`flow_<key>`) and, for the administrator tenant, the tenants. */
const deployParams = z.object({ modelId: idField('模型编号'), category: optionalText('流程类型', 64), tenantIds: optionalText('租户', 2000) });

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Process models: a saved diagram is checked by the engine's reader (a problem is a 400 naming the element), and every
 * edit counts a new version; 部署 deploys the saved diagram into the tenants picked.
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ values, before, isInsert }) {
    if (typeof values.xml === 'string' && values.xml !== '') await checkedModel(values.xml);
    // An edit without a diagram keeps the one drawn before.
    if (values.xml === '' || values.xml === null) delete values.xml;
    if (!isInsert) values.version = Number(before?.version ?? 1) + 1;
  },

  routes({ operation, store, services }) {
    operation('deploy', { params: deployParams }, async ({ user, params: query }) => {
      const [model] = await store.byIds(user, [query.modelId]);
      if (!model) throw badRequest('模型不存在');
      const xml = text(model.xml);
      if (!xml) throw badRequest('模型尚未设计流程图，无法部署');
      const tenants = await targetTenants(services.db, user, query.tenantIds);
      for (const tenantId of tenants) {
        await deploy(services.db, user, tenantId, xml, { category: query.category, resourceName: `${text(model.modelKey)}.bpmn`, modelId: query.modelId });
      }
    });
  },
};
