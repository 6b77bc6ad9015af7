/**
 * What the properties panel writes into the BPMN XML (Camunda's attributes, which the server's engine reads): a user
 * task's assignee (a user id, or `${applyUser}` for whoever started the process), candidate users (user ids) and
 * candidate groups (role ids), comma-joined; a flow's condition as a `bpmn:FormalExpression` body. Pure, so the
 * writing is tested without a browser.
 */

/** The assignee that means "the user who started the process" (the engine sets `applyUser` at start). */
export const APPLY_USER = '${applyUser}';

export interface UserTaskPeople {
  assignee?: string;
  candidateUsers: string[];
  candidateGroups: string[];
}

const listOf = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** The people of a user task read from its business object (`camunda:*` attributes). */
export function userTaskPeopleOf(task: { get(name: string): unknown }): UserTaskPeople {
  const assignee = String(task.get('camunda:assignee') ?? '').trim();
  return {
    assignee: assignee === '' ? undefined : assignee,
    candidateUsers: listOf(task.get('camunda:candidateUsers')),
    candidateGroups: listOf(task.get('camunda:candidateGroups')),
  };
}

/** The attributes to set on a user task for `people`; an empty choice removes its attribute from the XML. */
export function userTaskAttributes(people: UserTaskPeople): Record<string, string | undefined> {
  const joined = (values: string[]) => (values.length > 0 ? values.join(',') : undefined);
  return {
    'camunda:assignee': people.assignee?.trim() ? people.assignee.trim() : undefined,
    'camunda:candidateUsers': joined(people.candidateUsers),
    'camunda:candidateGroups': joined(people.candidateGroups),
  };
}

/** A condition as typed (`days > 3`) written as the expression the engine evaluates (`${days > 3}`); blank: none. */
export function conditionBodyOf(text: string | undefined): string | undefined {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return undefined;
  return trimmed.startsWith('${') ? trimmed : `\${${trimmed}}`;
}

/** A process key the engine accepts (the server refuses others with the same rule). */
export const PROCESS_KEY = /^[A-Za-z_][\w.-]{0,254}$/;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A new model's diagram: its process and a start event to draw from. */
export function newModelXml(key: string, name: string, startName: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${escapeXml(key)}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="${escapeXml(startName)}" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${escapeXml(key)}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}
