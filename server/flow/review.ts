import { z } from 'zod';
import type { ResourceRoutes } from '../blade/behaviour';
import type { BladeUser } from '../blade/context';
import { R } from '../blade/envelope';
import { badRequest } from '../blade/errors';
import { idField } from '../blade/operation';
import { scopedWhere, tenantWhere } from '../blade/scope';
import { formatDateTime } from '../blade/serializer';
import type { Db } from '../db/types';
import { startProcess } from './engine';
import { observeFlow } from './events';
import { bpmn, ensureShippedDeployed, type ShippedProcess } from './shipped';

/**
 * The review process every tenant has deployed (审核流程): a test case or script sent for review (送审) waits for a
 * reviewer — a member of the tenant's `administrator` role, or of a `reviewer` (审核员) role a tenant adds — who
 * passes it (审核通过) or returns it with a comment (审核驳回) to its author, who edits it and sends it again. Its audit
 * status moves only here: an instance's end sets it. A model drawn in the modeler with the key `Review` replaces it:
 * a send starts the latest active deployment of that key.
 */
export const REVIEW_PROCESS_KEY = 'Review';
/** Category `flow_3`: the `flow` dictionary's 审核流程, whose remark `review` is its form's route. */
export const REVIEW_CATEGORY = 'flow_3';

/** Values of `test_case_audit_status` / `test_script_audit_status`. */
export const AUDIT_STATUS = { pending: 0, approved: 1, returned: 2 } as const;

/** What can be sent for review: the resource's name (the screen) and its table. */
export const REVIEWED = {
  testcase: { table: 'blade_test_case', label: '用例' },
  testscript: { table: 'blade_test_script', label: '脚本' },
} as const;
export type ReviewedResource = keyof typeof REVIEWED;

export const reviewedResourceOf = (table: unknown): ReviewedResource | undefined =>
  (Object.keys(REVIEWED) as ReviewedResource[]).find((name) => REVIEWED[name].table === table);

export const REVIEW_MSG = {
  inReview: (label: string) => `该${label}正在审核中，不能重复送审`,
  approved: (label: string) => `该${label}已审核通过，无需送审`,
  missing: (label: string) => `${label}不存在`,
  notDeployed: '审核流程不存在或已挂起',
} as const;

const { flow, shape, edge } = bpmn;

const REVIEW: ShippedProcess = {
  key: REVIEW_PROCESS_KEY,
  name: '审核流程',
  description: '测试用例与脚本的送审与审核',
  category: REVIEW_CATEGORY,
  resourceName: 'review.bpmn',
  xml: bpmn.definitions({
    key: REVIEW_PROCESS_KEY,
    name: '审核流程',
    elements: [
      '<bpmn:startEvent id="start" name="送审" />',
      '<bpmn:userTask id="review" name="审核" camunda:candidateGroups="administrator,reviewer" />',
      '<bpmn:exclusiveGateway id="reviewGateway" name="审核结果" />',
      '<bpmn:endEvent id="approved" name="审核通过" />',
      '<bpmn:endEvent id="returned" name="审核驳回" />',
      flow('toReview', 'start', 'review'),
      flow('toReviewGateway', 'review', 'reviewGateway'),
      flow('pass', 'reviewGateway', 'approved', '${pass}'),
      flow('return', 'reviewGateway', 'returned', '${!pass}'),
    ],
    layout: [
      shape('start', 152, 102, 36, 36),
      shape('review', 250, 80, 100, 80),
      shape('reviewGateway', 415, 95, 50, 50),
      shape('approved', 542, 102, 36, 36),
      shape('returned', 542, 222, 36, 36),
      edge('toReview', [[188, 120], [250, 120]]),
      edge('toReviewGateway', [[350, 120], [415, 120]]),
      edge('pass', [[465, 120], [542, 120]]),
      edge('return', [[440, 145], [440, 240], [542, 240]]),
    ],
  }),
};
export const REVIEW_XML = REVIEW.xml;

/** Deploys the review process in each tenant that has none yet (idempotent, also when several servers start at once). */
export function ensureReviewDeployed(db: Db, tenantIds: readonly string[]): Promise<void> {
  return ensureShippedDeployed(db, REVIEW, tenantIds);
}

/** The review instances of an item, newest first (a returned item sent again has several). */
export async function reviewInstancesOf(db: Db, user: BladeUser, resource: ReviewedResource, businessId: string) {
  const scope = scopedWhere(user, {}, "business_table = $1 AND business_id = $2 AND state <> 'deleted'", [REVIEWED[resource].table, businessId]);
  return db.query<{ id: string; state: string; process_definition_id: string }>(
    `SELECT id, state, process_definition_id FROM blade_flow_instance WHERE ${scope.where} ORDER BY start_time DESC, id DESC`,
    scope.values,
  );
}

/**
 * 送审: starts the tenant's latest active review process for the item. Only a pending or returned item is sent, and
 * only once at a time: the item's row is locked first, so two sends arriving together start one review.
 */
export async function sendForReview(db: Db, user: BladeUser, resource: ReviewedResource, businessId: string): Promise<string> {
  const { table, label } = REVIEWED[resource];
  await ensureReviewDeployed(db, [user.tenantId]);
  return db.transaction(async (tx) => {
    const item = scopedWhere(user, { resource }, 'id = $1', [businessId]);
    const [row] = await tx.query<{ audit_status: number | null }>(`SELECT audit_status FROM ${table} WHERE ${item.where} FOR UPDATE`, item.values);
    if (!row) throw badRequest(REVIEW_MSG.missing(label));
    if (Number(row.audit_status) === AUDIT_STATUS.approved) throw badRequest(REVIEW_MSG.approved(label));
    const running = tenantWhere(user.tenantId, { noLogicalDelete: true }, "business_table = $1 AND business_id = $2 AND state = 'running'", [table, businessId]);
    if ((await tx.query(`SELECT 1 FROM blade_flow_instance WHERE ${running.where}`, running.values)).length > 0) throw badRequest(REVIEW_MSG.inReview(label));
    const latest = tenantWhere(user.tenantId, {}, 'process_key = $1 AND suspension_state = 1', [REVIEW_PROCESS_KEY]);
    const [deployment] = await tx.query<{ id: string }>(`SELECT id FROM blade_flow_deployment WHERE ${latest.where} ORDER BY version DESC LIMIT 1`, latest.values);
    if (!deployment) throw badRequest(REVIEW_MSG.notDeployed);
    // A returned item sent again waits for review (待审核) like a new one.
    await tx.query(`UPDATE ${table} SET audit_status = $1, update_user = $2, update_time = $3 WHERE id = $4`, [
      AUDIT_STATUS.pending,
      user.userId,
      formatDateTime(new Date()),
      businessId,
    ]);
    return startProcess(tx, {
      deploymentId: deployment.id,
      actor: { tenantId: user.tenantId, userId: user.userId, deptId: user.deptId, roleId: user.roleId },
      variables: { businessResource: resource, applyUserName: user.realName || user.account },
      businessTable: table,
      businessId,
    });
  });
}

/**
 * The audit status follows the review's end: 审核通过 at the `approved` end event, 审核驳回 at `returned`; a drawn model
 * with other end events decides by the last completion's pass.
 */
observeFlow('review', {
  async instanceEnded(tx, { instance, endActivityIds, variables }) {
    const resource = reviewedResourceOf(instance.business_table);
    if (!resource || !instance.business_id) return;
    const approved = endActivityIds.includes('approved') ? true : endActivityIds.includes('returned') ? false : variables.pass === true;
    const item = tenantWhere(instance.tenant_id, { noLogicalDelete: true }, 'id = $1', [instance.business_id]);
    const next = item.values.length;
    await tx.query(`UPDATE ${REVIEWED[resource].table} SET audit_status = $${next + 1}, update_time = $${next + 2} WHERE ${item.where}`, [
      ...item.values,
      approved ? AUDIT_STATUS.approved : AUDIT_STATUS.returned,
      formatDateTime(new Date()),
    ]);
  },
});

const sendBody = z.object({ id: idField('编号') });

/** Mounts 送审 (`submit-review?id=`) on a test case or script screen, guarded by its `review` button. */
export function reviewOperation({ operation, store, services }: Pick<ResourceRoutes, 'operation' | 'store' | 'services'>, resource: ReviewedResource) {
  operation('review', { params: sendBody }, async ({ user, params }) => {
    const processInstanceId = await sendForReview(services.db, user, resource, params.id);
    return R.data({ processInstanceId, businessId: params.id, resource: store.schema.name });
  });
}
