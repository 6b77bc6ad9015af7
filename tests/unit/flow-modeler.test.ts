import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import { describe, expect, it } from 'vitest';
import { readProcessModel } from '../../server/flow/model';
import {
  APPLY_USER,
  conditionBodyOf,
  newModelXml,
  userTaskAttributes,
  userTaskPeopleOf,
} from '../../src/components/flow/modeler/modelProperties';
import { elementNamedIn, modelProblems, type DrawnElement } from '../../src/components/flow/modeler/modelRules';

/** 模型设计's checks before a save, and what its properties panel writes into the XML the engine reads. */

const node = (id: string, type: string, extra: Partial<DrawnElement> = {}): DrawnElement => ({ id, type: `bpmn:${type}`, ...extra });
const flow = (id: string, sourceId: string, targetId: string, extra: Partial<DrawnElement> = {}): DrawnElement => ({ id, type: 'bpmn:SequenceFlow', sourceId, targetId, ...extra });

/** start → 审批 (assigned) → gateway → end, or back to 审批 when not passed. */
const twoWay = (): DrawnElement[] => [
  node('Process_1', 'Process'),
  node('Start', 'StartEvent'),
  node('Approve', 'UserTask', { name: '审批', assignee: '1' }),
  node('Gateway', 'ExclusiveGateway', { defaultFlowId: 'Back' }),
  node('End', 'EndEvent'),
  flow('F1', 'Start', 'Approve'),
  flow('F2', 'Approve', 'Gateway'),
  flow('Pass', 'Gateway', 'End', { name: '通过', condition: '${pass}' }),
  flow('Back', 'Gateway', 'Approve'),
];

describe('a drawn model checked before it is saved', () => {
  it('passes a complete model', () => {
    expect(modelProblems(twoWay())).toEqual([]);
  });

  it('needs a start and an end event', () => {
    expect(modelProblems([node('Process_1', 'Process')]).map((problem) => problem.kind)).toEqual(['noStart', 'noEnd']);
    const withoutEnd = twoWay().filter((element) => element.id !== 'End' && element.id !== 'Pass');
    expect(modelProblems(withoutEnd)).toEqual([{ kind: 'noEnd' }]);
  });

  it('names a user task nobody does, by its name or else its id', () => {
    const elements = twoWay().map((element) => (element.id === 'Approve' ? { ...element, assignee: ' ', candidateUsers: '', candidateGroups: '' } : element));
    expect(modelProblems(elements)).toEqual([{ kind: 'nobodyAssigned', elementId: 'Approve', elementLabel: '审批' }]);
    const unnamed = elements.map((element) => (element.id === 'Approve' ? { ...element, name: '' } : element));
    expect(modelProblems(unnamed)[0]).toMatchObject({ elementId: 'Approve', elementLabel: 'Approve' });
    for (const people of [{ candidateUsers: '1,2' }, { candidateGroups: 'administrator' }, { assignee: APPLY_USER }]) {
      expect(modelProblems(elements.map((element) => (element.id === 'Approve' ? { ...element, ...people } : element)))).toEqual([]);
    }
  });

  it('needs a condition on each flow a gateway chooses between, except its default, written as an expression', () => {
    const withoutDefault = twoWay().map((element) => (element.id === 'Gateway' ? { ...element, defaultFlowId: undefined } : element));
    expect(modelProblems(withoutDefault)).toEqual([{ kind: 'conditionMissing', elementId: 'Back', elementLabel: 'Back' }]);
    const plain = twoWay().map((element) => (element.id === 'Pass' ? { ...element, condition: 'pass == true' } : element));
    expect(modelProblems(plain)).toEqual([{ kind: 'conditionNotExpression', elementId: 'Pass', elementLabel: '通过' }]);
    // A gateway with one way out chooses nothing.
    const single = twoWay().filter((element) => element.id !== 'Back').map((element) => (element.id === 'Pass' ? { ...element, condition: undefined } : element));
    expect(modelProblems(single)).toEqual([]);
  });

  it('names a node the start cannot reach; a boundary event is reached through its task', () => {
    const island = [...twoWay(), node('Lonely', 'UserTask', { name: '孤岛', assignee: '1' })];
    expect(modelProblems(island)).toEqual([{ kind: 'unreachable', elementId: 'Lonely', elementLabel: '孤岛' }]);
    const timer = [...twoWay(), node('Timer', 'BoundaryEvent', { attachedToId: 'Approve' }), flow('F9', 'Timer', 'End')];
    expect(modelProblems(timer)).toEqual([]);
  });

  it('finds the element a server refusal names', () => {
    const ids = ['Task_1', 'Task_10', 'Flow_1'];
    expect(elementNamedIn('用户任务 Task_10(审批) 未设置处理人或候选人', ids)).toBe('Task_10');
    expect(elementNamedIn('连线 Flow_1: 表达式不允许调用函数', ids)).toBe('Flow_1');
    expect(elementNamedIn('流程缺少结束事件', ids)).toBeUndefined();
  });
});

describe('what the properties panel writes into the XML', () => {
  // The server's declaration of bpmn-moddle types only what it reads; writing needs `create` and `toXML` too.
  const moddle = new BpmnModdle({ camunda: camundaModdle as Record<string, unknown> }) as BpmnModdle & {
    create(type: string, properties?: Record<string, unknown>): ModdleElement & { set(name: string, value: unknown): void; get(name: string): unknown };
    toXML(element: ModdleElement): Promise<{ xml: string }>;
  };
  const base = newModelXml('review_flow', '评审流程', '开始');

  /** The model with an assigned user task and an end, its attributes set as the panel sets them. */
  async function written(attributes: Record<string, string | undefined>, condition?: string) {
    const { rootElement } = await moddle.fromXML(base);
    const process = (rootElement.rootElements as ModdleElement[])[0];
    const elements = process.flowElements as ModdleElement[];
    const start = elements[0];
    const task = moddle.create('bpmn:UserTask', { id: 'Task_1', name: '审批' });
    for (const [name, value] of Object.entries(attributes)) task.set(name, value);
    const end = moddle.create('bpmn:EndEvent', { id: 'End_1' });
    const toTask = moddle.create('bpmn:SequenceFlow', { id: 'Flow_1', sourceRef: start, targetRef: task });
    const body = conditionBodyOf(condition);
    const toEnd = moddle.create('bpmn:SequenceFlow', { id: 'Flow_2', sourceRef: task, targetRef: end, ...(body ? { conditionExpression: moddle.create('bpmn:FormalExpression', { body }) } : {}) });
    elements.push(task, end, toTask, toEnd);
    const { xml } = await moddle.toXML(rootElement);
    return { xml, task };
  }

  it('starts a new model from its process and a start event', async () => {
    const { rootElement } = await moddle.fromXML(base);
    const process = (rootElement.rootElements as ModdleElement[])[0];
    expect(process).toMatchObject({ id: 'review_flow', name: '评审流程', isExecutable: true });
    expect((process.flowElements as ModdleElement[]).map((element) => element.$type)).toEqual(['bpmn:StartEvent']);
  });

  it('writes the assignee, candidate users and candidate roles as the engine reads them', async () => {
    const attributes = userTaskAttributes({ assignee: '1123598821738675201', candidateUsers: ['11', '12'], candidateGroups: ['administrator', 'user'] });
    const { xml, task } = await written(attributes);
    expect(xml).toContain('camunda:assignee="1123598821738675201"');
    expect(xml).toContain('camunda:candidateUsers="11,12"');
    expect(xml).toContain('camunda:candidateGroups="administrator,user"');
    expect(userTaskPeopleOf(task)).toEqual({ assignee: '1123598821738675201', candidateUsers: ['11', '12'], candidateGroups: ['administrator', 'user'] });
    const model = await readProcessModel(xml);
    expect(model.userTasks.get('Task_1')).toEqual({ id: 'Task_1', name: '审批', assignee: '1123598821738675201', candidateUsers: ['11', '12'], candidateGroups: ['administrator', 'user'] });
  });

  it('writes the starter as ${applyUser} and leaves out what was not chosen', async () => {
    const { xml } = await written(userTaskAttributes({ assignee: APPLY_USER, candidateUsers: [], candidateGroups: [] }));
    expect(xml).toContain('camunda:assignee="${applyUser}"');
    expect(xml).not.toContain('candidateUsers');
    expect(xml).not.toContain('candidateGroups');
    expect((await readProcessModel(xml)).userTasks.get('Task_1')?.assignee).toBe(APPLY_USER);
  });

  it('writes a condition as a ${...} expression the server accepts, and refuses nobody assigned as the browser does', async () => {
    expect(conditionBodyOf(' days > 3 ')).toBe('${days > 3}');
    expect(conditionBodyOf('${pass}')).toBe('${pass}');
    expect(conditionBodyOf('  ')).toBeUndefined();
    const { xml } = await written(userTaskAttributes({ candidateUsers: ['11'], candidateGroups: [] }), 'days > 3');
    expect(xml).toMatch(/<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\$\{days &gt; 3\}<\/bpmn:conditionExpression>/);
    await expect(readProcessModel(xml)).resolves.toMatchObject({ key: 'review_flow' });
    const nobody = await written(userTaskAttributes({ candidateUsers: [], candidateGroups: [] }));
    await expect(readProcessModel(nobody.xml)).rejects.toThrow('用户任务 Task_1(审批) 未设置处理人或候选人');
  });
});
