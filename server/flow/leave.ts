import type { Db } from '../db/types';
import { bpmn, ensureShippedDeployed, type ShippedProcess } from './shipped';

/**
 * The leave process every tenant has deployed (请假流程): the applicant starts it, a tenant administrator or manager
 * approves; a rejection goes back to the applicant, who adjusts and sends it again or cancels it.
 */
export const LEAVE_PROCESS_KEY = 'Leave';
/** Category `flow_1`: the `flow` dictionary's 请假流程, whose remark `leave` is its form's route. */
export const LEAVE_CATEGORY = 'flow_1';
export const LEAVE_BUSINESS_TABLE = 'blade_process_leave';

const { flow, shape, edge } = bpmn;

const LEAVE: ShippedProcess = {
  key: LEAVE_PROCESS_KEY,
  name: '请假流程',
  description: '请假申请与审批',
  category: LEAVE_CATEGORY,
  resourceName: 'leave.bpmn',
  xml: bpmn.definitions({
    key: LEAVE_PROCESS_KEY,
    name: '请假流程',
    elements: [
      '<bpmn:startEvent id="start" name="开始" />',
      '<bpmn:userTask id="approve" name="审批" camunda:candidateGroups="administrator,manager" />',
      '<bpmn:exclusiveGateway id="approveGateway" name="审批结果" />',
      '<bpmn:userTask id="adjust" name="调整申请" camunda:assignee="${applyUser}" />',
      '<bpmn:exclusiveGateway id="adjustGateway" name="重新申请" />',
      '<bpmn:endEvent id="approved" name="通过" />',
      '<bpmn:endEvent id="cancelled" name="撤销" />',
      flow('toApprove', 'start', 'approve'),
      flow('toApproveGateway', 'approve', 'approveGateway'),
      flow('pass', 'approveGateway', 'approved', '${pass}'),
      flow('reject', 'approveGateway', 'adjust', '${!pass}'),
      flow('toAdjustGateway', 'adjust', 'adjustGateway'),
      flow('resubmit', 'adjustGateway', 'approve', '${pass}'),
      flow('cancel', 'adjustGateway', 'cancelled', '${!pass}'),
    ],
    layout: [
      shape('start', 152, 102, 36, 36),
      shape('approve', 250, 80, 100, 80),
      shape('approveGateway', 415, 95, 50, 50),
      shape('approved', 542, 102, 36, 36),
      shape('adjust', 390, 230, 100, 80),
      shape('adjustGateway', 275, 245, 50, 50),
      shape('cancelled', 152, 252, 36, 36),
      edge('toApprove', [[188, 120], [250, 120]]),
      edge('toApproveGateway', [[350, 120], [415, 120]]),
      edge('pass', [[465, 120], [542, 120]]),
      edge('reject', [[440, 145], [440, 230]]),
      edge('toAdjustGateway', [[390, 270], [325, 270]]),
      edge('resubmit', [[300, 245], [300, 160]]),
      edge('cancel', [[275, 270], [188, 270]]),
    ],
  }),
};
export const LEAVE_XML = LEAVE.xml;

/** Deploys the leave process in each tenant that has none yet (idempotent, also when several servers start at once). */
export function ensureLeaveDeployed(db: Db, tenantIds: readonly string[]): Promise<void> {
  return ensureShippedDeployed(db, LEAVE, tenantIds);
}
