import { nextId } from '../blade/ids';
import { formatDateTime } from '../blade/serializer';
import type { Db } from '../db/types';

/** The BPMN of a process the product ships (the leave, the review): elements and their layout written once here. */
export const bpmn = {
  flow: (id: string, source: string, target: string, condition?: string) =>
    `<bpmn:sequenceFlow id="${id}" sourceRef="${source}" targetRef="${target}">${
      condition ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition}</bpmn:conditionExpression>` : ''
    }</bpmn:sequenceFlow>`,
  shape: (id: string, x: number, y: number, width: number, height: number) =>
    `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${width}" height="${height}" /></bpmndi:BPMNShape>`,
  edge: (id: string, points: [number, number][]) =>
    `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`,
  /** A whole document: one executable process (Camunda's attributes for who does a task) and its diagram. */
  definitions: (process: { key: string; name: string; elements: string[]; layout: string[] }) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="${process.key}Definitions" targetNamespace="http://bladex.vip">
  <bpmn:process id="${process.key}" name="${process.name}" isExecutable="true">
    ${process.elements.join('\n    ')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="${process.key}Diagram">
    <bpmndi:BPMNPlane id="${process.key}Plane" bpmnElement="${process.key}">
      ${process.layout.join('\n      ')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`,
};

export interface ShippedProcess {
  key: string;
  name: string;
  description: string;
  /** The `flow` dictionary's category (`flow_1`), whose remark names the process's form route. */
  category: string;
  resourceName: string;
  xml: string;
}

/** Deploys a shipped process as version 1 in each tenant that has none yet (idempotent, also when several servers start at once). */
export async function ensureShippedDeployed(db: Db, process: ShippedProcess, tenantIds: readonly string[]): Promise<void> {
  for (const tenantId of tenantIds) {
    const id = nextId();
    await db.query(
      `INSERT INTO blade_flow_deployment (id, tenant_id, process_definition_id, process_key, name, description, category, version, resource_name, xml, suspension_state, deployment_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, 1, $10)
       ON CONFLICT DO NOTHING`,
      [id, tenantId, `${process.key}:1:${id}`, process.key, process.name, process.description, process.category, process.resourceName, process.xml, formatDateTime(new Date())],
    );
  }
}
