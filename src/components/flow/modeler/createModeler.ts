import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import Modeler from 'bpmn-js/lib/Modeler';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import type { DrawnElement } from './modelRules';
import { conditionBodyOf, userTaskAttributes, userTaskPeopleOf, type UserTaskPeople } from './modelProperties';

/**
 * The bpmn-js half of 模型设计, loaded only on the modeler's route (never in the first load): a Modeler with the
 * Camunda extension (the attributes the engine reads), and the few operations the page's own properties panel needs.
 * Every change goes through `modeling`, so undo/redo and the saved XML see it. The bpmn.io watermark stays, as its
 * licence asks.
 */

interface BusinessObject {
  id: string;
  $type: string;
  name?: string;
  get(name: string): unknown;
  sourceRef?: { id: string; $type: string; default?: { id: string } };
  targetRef?: { id: string };
  conditionExpression?: { body?: string };
  default?: { id: string };
  attachedToRef?: { id: string };
}

interface Element {
  id: string;
  type: string;
  businessObject: BusinessObject;
}

interface ElementRegistry {
  get(id: string): Element | undefined;
  getAll(): Element[];
}

interface Modeling {
  updateProperties(element: Element, properties: Record<string, unknown>): void;
}

interface Canvas {
  getRootElement(): Element;
  scrollToElement(element: Element, padding?: number): void;
  zoom(level: 'fit-viewport', center?: 'auto'): void;
}

interface Selection {
  select(element: Element | null): void;
  get(): Element[];
}

interface EventBus {
  on(event: string, callback: (event: { newSelection?: Element[] }) => void): void;
}

interface Moddle {
  create(type: string, properties: Record<string, unknown>): unknown;
}

/** What the panel shows of the selected element (or of the process, when nothing is selected). */
export interface SelectedElement {
  id: string;
  type: string;
  name: string;
  people?: UserTaskPeople;
  /** A sequence flow: its condition's body, and whether its source is a gateway that chooses between flows. */
  condition?: string;
  leavesGateway?: boolean;
}

export interface ProcessModeler {
  /** The drawing as the checks read it. */
  drawnElements(): DrawnElement[];
  selected(): SelectedElement;
  /** Selects the element and scrolls it into view. */
  select(id: string): void;
  rename(id: string, name: string): void;
  /** Changes an element's id; answers false when another element has it. */
  changeId(id: string, next: string): boolean;
  setPeople(id: string, people: UserTaskPeople): void;
  setCondition(id: string, text: string): void;
  process(): { key: string; name: string };
  setProcess(key: string, name: string): void;
  saveXML(): Promise<string>;
  destroy(): void;
}

const CHOOSING_GATEWAYS = new Set(['bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway']);
const isDrawn = (element: Element) => element.type !== 'label' && element.type !== 'bpmn:Process';

function describe(element: Element): SelectedElement {
  const object = element.businessObject;
  const described: SelectedElement = { id: object.id, type: object.$type, name: object.name ?? '' };
  if (object.$type === 'bpmn:UserTask') described.people = userTaskPeopleOf(object);
  if (object.$type === 'bpmn:SequenceFlow') {
    described.condition = object.conditionExpression?.body ?? '';
    described.leavesGateway = CHOOSING_GATEWAYS.has(object.sourceRef?.$type ?? '');
  }
  return described;
}

export async function createModeler(container: HTMLElement, xml: string, onSelect: (selected: SelectedElement) => void): Promise<ProcessModeler> {
  const modeler = new Modeler({ container, moddleExtensions: { camunda: camundaModdle } });
  await modeler.importXML(xml);
  const registry = modeler.get<ElementRegistry>('elementRegistry');
  const modeling = modeler.get<Modeling>('modeling');
  const canvas = modeler.get<Canvas>('canvas');
  const selection = modeler.get<Selection>('selection');
  const moddle = modeler.get<Moddle>('moddle');
  const eventBus = modeler.get<EventBus>('eventBus');

  const root = () => canvas.getRootElement();
  const current = (): SelectedElement => {
    const [first] = selection.get();
    return first && isDrawn(first) ? describe(first) : describe(root());
  };
  eventBus.on('selection.changed', () => onSelect(current()));
  // An element's own change (renamed by direct editing, replaced by another type) shows in the panel too.
  eventBus.on('elements.changed', () => onSelect(current()));
  const element = (id: string) => registry.get(id);
  canvas.zoom('fit-viewport', 'auto');

  return {
    drawnElements: () =>
      registry
        .getAll()
        .filter(isDrawn)
        .map(({ businessObject: object }) => ({
          id: object.id,
          type: object.$type,
          name: object.name,
          ...(object.$type === 'bpmn:UserTask'
            ? {
                assignee: String(object.get('camunda:assignee') ?? ''),
                candidateUsers: String(object.get('camunda:candidateUsers') ?? ''),
                candidateGroups: String(object.get('camunda:candidateGroups') ?? ''),
              }
            : {}),
          sourceId: object.sourceRef?.id,
          targetId: object.targetRef?.id,
          condition: object.conditionExpression?.body,
          defaultFlowId: object.default?.id,
          attachedToId: object.attachedToRef?.id,
        })),
    selected: current,
    select(id) {
      const target = element(id);
      if (!target) return;
      selection.select(target);
      canvas.scrollToElement(target, 80);
    },
    rename(id, name) {
      const target = element(id);
      if (target) modeling.updateProperties(target, { name: name === '' ? undefined : name });
    },
    changeId(id, next) {
      const target = element(id);
      if (!target || (next !== id && element(next))) return false;
      if (next !== id) modeling.updateProperties(target, { id: next });
      return true;
    },
    setPeople(id, people) {
      const target = element(id);
      if (target) modeling.updateProperties(target, userTaskAttributes(people));
    },
    setCondition(id, text) {
      const target = element(id);
      const body = conditionBodyOf(text);
      if (target) modeling.updateProperties(target, { conditionExpression: body ? moddle.create('bpmn:FormalExpression', { body }) : undefined });
    },
    process: () => ({ key: root().businessObject.id, name: root().businessObject.name ?? '' }),
    setProcess(key, name) {
      const process = root();
      const changes: Record<string, unknown> = {};
      if (process.businessObject.id !== key) changes.id = key;
      if ((process.businessObject.name ?? '') !== name) changes.name = name;
      if (Object.keys(changes).length > 0) modeling.updateProperties(process, changes);
    },
    async saveXML() {
      const { xml: saved } = await modeler.saveXML({ format: true });
      return saved ?? '';
    },
    destroy: () => modeler.destroy(),
  };
}
