import { createRequire } from 'node:module';
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { expressionProblem } from './expression';

// Required, not imported: the bundled server keeps packages external, and Node's ESM loader takes JSON only with an
// import attribute.
const camundaSchema = createRequire(import.meta.url)('camunda-bpmn-moddle/resources/camunda.json') as Record<string, unknown>;

/**
 * A BPMN model read and checked before it is saved or deployed: one executable process with a start and an end
 * event, every node reachable from a start, every user task with someone to do it (assignee, candidate users or
 * candidate groups), and only expressions (no scripts) in conditions and timers. Problems name the element.
 */

export interface UserTaskSpec {
  id: string;
  name: string;
  assignee?: string;
  candidateUsers: string[];
  candidateGroups: string[];
}

export interface ProcessModel {
  key: string;
  name: string;
  description: string;
  /** id → the element's name and BPMN type (`bpmn:UserTask`), for the history and the diagram. */
  elements: Map<string, { name: string; type: string }>;
  userTasks: Map<string, UserTaskSpec>;
}

export class ModelError extends Error {}

const list = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
    : [];

/** Element types the engine runs here; anything else (scripts, service calls, sub-processes) is refused. */
const SUPPORTED = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ManualTask',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:IntermediateCatchEvent',
  'bpmn:IntermediateThrowEvent',
  'bpmn:BoundaryEvent',
  'bpmn:SequenceFlow',
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:DataObjectReference',
  'bpmn:DataObject',
]);

const moddle = new BpmnModdle({ camunda: camundaSchema });

function checkTimers(element: ModdleElement) {
  const definitions = (element.eventDefinitions as ModdleElement[] | undefined) ?? [];
  for (const definition of definitions) {
    if (definition.$type !== 'bpmn:TimerEventDefinition') {
      if (definition.$type === 'bpmn:TerminateEventDefinition') continue;
      throw new ModelError(`节点 ${element.id}: 不支持的事件类型 ${definition.$type}`);
    }
    const value = (['timeDuration', 'timeDate', 'timeCycle'] as const)
      .map((kind) => (definition[kind] as { body?: string } | undefined)?.body)
      .find((body) => body !== undefined && body.trim() !== '');
    if (!value) throw new ModelError(`定时器 ${element.id} 缺少时间设置`);
    const problem = expressionProblem(value);
    if (problem) throw new ModelError(`定时器 ${element.id}: ${problem}`);
  }
}

/** The process of `xml`, checked; a `ModelError` names the first problem and its element. */
export async function readProcessModel(xml: string): Promise<ProcessModel> {
  let root: ModdleElement;
  try {
    ({ rootElement: root } = await moddle.fromXML(xml));
  } catch (error) {
    throw new ModelError(`流程文件不是合法的 BPMN: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const processes = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((element) => element.$type === 'bpmn:Process');
  if (processes.length !== 1) throw new ModelError('流程文件须包含且仅包含一个流程');
  const process = processes[0];
  if (!/^[A-Za-z_][\w.-]{0,254}$/.test(process.id)) throw new ModelError(`流程标识 ${process.id} 不正确: 只能包含字母、数字、_、. 和 -`);
  const flowElements = (process.flowElements as ModdleElement[] | undefined) ?? [];
  const elements = new Map<string, { name: string; type: string }>();
  const userTasks = new Map<string, UserTaskSpec>();
  const outgoing = new Map<string, string[]>();
  const nodes: ModdleElement[] = [];
  for (const element of flowElements) {
    if (!SUPPORTED.has(element.$type)) throw new ModelError(`节点 ${element.id}: 不支持的节点类型 ${element.$type}`);
    elements.set(element.id, { name: element.name ?? '', type: element.$type });
    if (element.$type === 'bpmn:SequenceFlow') {
      const source = (element.sourceRef as ModdleElement | undefined)?.id;
      const target = (element.targetRef as ModdleElement | undefined)?.id;
      if (!source || !target) throw new ModelError(`连线 ${element.id} 缺少起点或终点`);
      outgoing.set(source, [...(outgoing.get(source) ?? []), target]);
      const condition = element.conditionExpression as ModdleElement | undefined;
      if (condition) {
        if (condition.language) throw new ModelError(`连线 ${element.id}: 条件只能是表达式，不能是脚本`);
        const body = String(condition.body ?? '');
        const problem = expressionProblem(body);
        if (problem) throw new ModelError(`连线 ${element.id}: ${problem}`);
        if (!body.includes('${')) throw new ModelError(`连线 ${element.id}: 条件须写成 \${...} 表达式`);
      }
      continue;
    }
    if (['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:DataObjectReference', 'bpmn:DataObject'].includes(element.$type)) continue;
    nodes.push(element);
    checkTimers(element);
    if (element.$type === 'bpmn:BoundaryEvent') {
      const host = (element.attachedToRef as ModdleElement | undefined)?.id;
      if (!host) throw new ModelError(`边界事件 ${element.id} 未附着在任务上`);
      // A boundary event is reached through the task it is attached to.
      outgoing.set(host, [...(outgoing.get(host) ?? []), element.id]);
    }
    if (element.$type === 'bpmn:UserTask') {
      const spec: UserTaskSpec = {
        id: element.id,
        name: element.name ?? element.id,
        assignee: typeof element.assignee === 'string' && element.assignee.trim() !== '' ? element.assignee.trim() : undefined,
        candidateUsers: list(element.candidateUsers),
        candidateGroups: list(element.candidateGroups),
      };
      if (!spec.assignee && spec.candidateUsers.length === 0 && spec.candidateGroups.length === 0) {
        throw new ModelError(`用户任务 ${element.id}${element.name ? `(${element.name})` : ''} 未设置处理人或候选人`);
      }
      for (const text of [spec.assignee ?? '', ...spec.candidateUsers]) {
        const problem = expressionProblem(text);
        if (problem) throw new ModelError(`用户任务 ${element.id}: ${problem}`);
      }
      userTasks.set(element.id, spec);
    }
  }
  const starts = nodes.filter((node) => node.$type === 'bpmn:StartEvent');
  if (starts.length === 0) throw new ModelError('流程缺少开始事件');
  if (!nodes.some((node) => node.$type === 'bpmn:EndEvent')) throw new ModelError('流程缺少结束事件');
  const reached = new Set<string>();
  const pending = starts.map((start) => start.id);
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(outgoing.get(id) ?? []));
  }
  const unreachable = nodes.find((node) => !reached.has(node.id));
  if (unreachable) throw new ModelError(`节点 ${unreachable.id}${unreachable.name ? `(${unreachable.name})` : ''} 从开始事件无法到达`);
  return {
    key: process.id,
    name: process.name ?? process.id,
    description: String(((process.documentation as ModdleElement[] | undefined) ?? [])[0]?.text ?? ''),
    elements,
    userTasks,
  };
}
