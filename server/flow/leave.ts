import { nextId } from '../blade/ids';
import { formatDateTime } from '../blade/serializer';
import type { Db } from '../db/types';

/**
 * The leave process every tenant has deployed (请假流程): the applicant starts it, a tenant administrator or manager
 * approves; a rejection goes back to the applicant, who adjusts and sends it again or cancels it.
 */
export const LEAVE_PROCESS_KEY = 'Leave';
/** Category `flow_1`: the `flow` dictionary's 请假流程, whose remark `leave` is its form's route. */
export const LEAVE_CATEGORY = 'flow_1';
export const LEAVE_BUSINESS_TABLE = 'blade_process_leave';

const flow = (id: string, source: string, target: string, condition?: string) =>
  `<bpmn:sequenceFlow id="${id}" sourceRef="${source}" targetRef="${target}">${
    condition ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition}</bpmn:conditionExpression>` : ''
  }</bpmn:sequenceFlow>`;
const shape = (id: string, x: number, y: number, width: number, height: number) =>
  `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${width}" height="${height}" /></bpmndi:BPMNShape>`;
const edge = (id: string, points: [number, number][]) =>
  `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;

export const LEAVE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="LeaveDefinitions" targetNamespace="http://bladex.vip">
  <bpmn:process id="${LEAVE_PROCESS_KEY}" name="请假流程" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:userTask id="approve" name="审批" camunda:candidateGroups="administrator,manager" />
    <bpmn:exclusiveGateway id="approveGateway" name="审批结果" />
    <bpmn:userTask id="adjust" name="调整申请" camunda:assignee="\${applyUser}" />
    <bpmn:exclusiveGateway id="adjustGateway" name="重新申请" />
    <bpmn:endEvent id="approved" name="通过" />
    <bpmn:endEvent id="cancelled" name="撤销" />
    ${flow('toApprove', 'start', 'approve')}
    ${flow('toApproveGateway', 'approve', 'approveGateway')}
    ${flow('pass', 'approveGateway', 'approved', '${pass}')}
    ${flow('reject', 'approveGateway', 'adjust', '${!pass}')}
    ${flow('toAdjustGateway', 'adjust', 'adjustGateway')}
    ${flow('resubmit', 'adjustGateway', 'approve', '${pass}')}
    ${flow('cancel', 'adjustGateway', 'cancelled', '${!pass}')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="LeaveDiagram">
    <bpmndi:BPMNPlane id="LeavePlane" bpmnElement="${LEAVE_PROCESS_KEY}">
      ${shape('start', 152, 102, 36, 36)}
      ${shape('approve', 250, 80, 100, 80)}
      ${shape('approveGateway', 415, 95, 50, 50)}
      ${shape('approved', 542, 102, 36, 36)}
      ${shape('adjust', 390, 230, 100, 80)}
      ${shape('adjustGateway', 275, 245, 50, 50)}
      ${shape('cancelled', 152, 252, 36, 36)}
      ${edge('toApprove', [[188, 120], [250, 120]])}
      ${edge('toApproveGateway', [[350, 120], [415, 120]])}
      ${edge('pass', [[465, 120], [542, 120]])}
      ${edge('reject', [[440, 145], [440, 230]])}
      ${edge('toAdjustGateway', [[390, 270], [325, 270]])}
      ${edge('resubmit', [[300, 245], [300, 160]])}
      ${edge('cancel', [[275, 270], [188, 270]])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

/** Deploys the leave process in each tenant that has none yet (idempotent, also when several servers start at once). */
export async function ensureLeaveDeployed(db: Db, tenantIds: readonly string[]): Promise<void> {
  for (const tenantId of tenantIds) {
    const id = nextId();
    await db.query(
      `INSERT INTO blade_flow_deployment (id, tenant_id, process_definition_id, process_key, name, description, category, version, resource_name, xml, suspension_state, deployment_time)
       VALUES ($1, $2, $3, $4, '请假流程', '请假申请与审批', $5, 1, 'leave.bpmn', $6, 1, $7)
       ON CONFLICT DO NOTHING`,
      [id, tenantId, `${LEAVE_PROCESS_KEY}:1:${id}`, LEAVE_PROCESS_KEY, LEAVE_CATEGORY, LEAVE_XML, formatDateTime(new Date())],
    );
  }
}
