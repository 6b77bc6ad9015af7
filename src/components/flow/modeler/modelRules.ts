/**
 * The checks a drawn model passes before it is saved, in the browser, so the modeler can point at the element at
 * fault: a start and an end event, someone to do every user task, a condition on each flow an exclusive or inclusive
 * gateway has to choose between, and every node reachable from a start. The server checks the same (and the
 * expressions' grammar) when the model is saved; its refusal names the element too.
 */

/** An element of the drawing as the checks read it (plain data, taken from the modeler's element registry). */
export interface DrawnElement {
  id: string;
  type: string;
  name?: string;
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  /** A sequence flow's ends and condition body. */
  sourceId?: string;
  targetId?: string;
  condition?: string;
  /** A gateway's default flow, which needs no condition. */
  defaultFlowId?: string;
  /** A boundary event's task. */
  attachedToId?: string;
}

export type ModelProblemKind = 'noStart' | 'noEnd' | 'nobodyAssigned' | 'conditionMissing' | 'conditionNotExpression' | 'unreachable';

export interface ModelProblem {
  kind: ModelProblemKind;
  /** The element at fault (none when the whole process lacks something). */
  elementId?: string;
  /** How the message names it: its name, else its id. */
  elementLabel?: string;
}

const NODE_TYPES_WITHOUT_FLOW = new Set(['bpmn:Process', 'bpmn:SequenceFlow', 'bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference', 'label']);
const CHOOSING_GATEWAYS = new Set(['bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway']);
const EXPRESSION = /^\s*\$\{[^}]+\}\s*$/;

const filled = (text: string | undefined) => (text ?? '').trim() !== '';
export const labelOf = (element: Pick<DrawnElement, 'id' | 'name'>) => (filled(element.name) ? (element.name as string).trim() : element.id);
const problem = (kind: ModelProblemKind, element?: DrawnElement): ModelProblem =>
  element ? { kind, elementId: element.id, elementLabel: labelOf(element) } : { kind };

/** Every problem of the drawing, the process-wide ones first; empty when it may be saved. */
export function modelProblems(elements: readonly DrawnElement[]): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const nodes = elements.filter((element) => !NODE_TYPES_WITHOUT_FLOW.has(element.type));
  const flows = elements.filter((element) => element.type === 'bpmn:SequenceFlow');
  const starts = nodes.filter((node) => node.type === 'bpmn:StartEvent');
  if (starts.length === 0) problems.push(problem('noStart'));
  if (!nodes.some((node) => node.type === 'bpmn:EndEvent')) problems.push(problem('noEnd'));

  for (const task of nodes.filter((node) => node.type === 'bpmn:UserTask')) {
    if (!filled(task.assignee) && !filled(task.candidateUsers) && !filled(task.candidateGroups)) problems.push(problem('nobodyAssigned', task));
  }

  for (const flow of flows) {
    const source = nodes.find((node) => node.id === flow.sourceId);
    const choosing = source && CHOOSING_GATEWAYS.has(source.type) && flows.filter((other) => other.sourceId === source.id).length > 1;
    if (filled(flow.condition)) {
      if (!EXPRESSION.test(flow.condition as string)) problems.push(problem('conditionNotExpression', flow));
    } else if (choosing && source.defaultFlowId !== flow.id) problems.push(problem('conditionMissing', flow));
  }

  const next = new Map<string, string[]>();
  const link = (from: string | undefined, to: string | undefined) => {
    if (from && to) next.set(from, [...(next.get(from) ?? []), to]);
  };
  for (const flow of flows) link(flow.sourceId, flow.targetId);
  // A boundary event is reached through the task it is attached to.
  for (const node of nodes) link(node.attachedToId, node.id);
  const reached = new Set<string>();
  const pending = starts.map((start) => start.id);
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(next.get(id) ?? []));
  }
  if (starts.length > 0) for (const node of nodes) if (!reached.has(node.id)) problems.push(problem('unreachable', node));
  return problems;
}

/**
 * The element a server refusal names (`用户任务 Task_1(审批) 未设置处理人或候选人`): the longest id of the drawing
 * that appears in the message as a whole word.
 */
export function elementNamedIn(message: string, ids: readonly string[]): string | undefined {
  const named = ids.filter((id) => new RegExp(`(^|[^\\w.-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w.-])`).test(message));
  return named.sort((a, b) => b.length - a.length)[0];
}
