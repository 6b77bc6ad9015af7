import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { FLOW_COLORS, type FlowHistoryRow } from './flowHistory';

/**
 * The bpmn-js half of the diagram, loaded only when a diagram is shown (never in the first load): draws the XML in
 * a NavigatedViewer (pan and zoom; the bpmn.io watermark stays, as its licence asks) and paints where the instance has
 * been. Colours go into each element's DI and the element is redrawn (`graphicsFactory.update`): CSS alone would leave
 * the arrowheads of taken flows in the default colour, as bpmn-js draws a marker per stroke colour.
 */

interface DiagramElement {
  id: string;
  type: string;
  waypoints?: unknown;
  businessObject: { di?: { set(name: string, value: string): void } };
  di?: { set(name: string, value: string): void };
}

interface ElementRegistry {
  getAll(): DiagramElement[];
  getGraphics(element: DiagramElement): SVGElement;
}

interface Canvas {
  addMarker(element: DiagramElement, marker: string): void;
  zoom(level: 'fit-viewport', center?: 'auto'): void;
}

interface GraphicsFactory {
  update(type: 'shape' | 'connection', element: DiagramElement, gfx: SVGElement): void;
}

export interface PaintedDiagram {
  destroy(): void;
  fit(): void;
}

/** The state of a node or flow as the legend names it. */
export type FlowMark = 'finished' | 'active' | 'pending' | 'taken';

/** The marker (CSS class on the element's group) each state gets; tests and the stylesheet read these. */
export const markerOf = (mark: FlowMark) => `flow-mark-${mark}`;

function marksOf(history: readonly FlowHistoryRow[]): Map<string, FlowMark> {
  const marks = new Map<string, FlowMark>();
  for (const row of history) {
    if (row.historyActivityType === 'sequenceFlow') marks.set(row.historyActivityId, 'taken');
    // A node passed more than once (a returned leave) is active while any pass is open.
    else if (!row.endTime) marks.set(row.historyActivityId, 'active');
    else if (marks.get(row.historyActivityId) !== 'active') marks.set(row.historyActivityId, 'finished');
  }
  return marks;
}

const isDrawn = (element: DiagramElement) => element.type !== 'label' && element.type !== 'bpmn:Process' && !element.type.startsWith('bpmn:Collaboration');

export async function paintDiagram(container: HTMLElement, xml: string, history: readonly FlowHistoryRow[], painted: boolean): Promise<PaintedDiagram> {
  const viewer = new NavigatedViewer({ container });
  await viewer.importXML(xml);
  const registry = viewer.get<ElementRegistry>('elementRegistry');
  const canvas = viewer.get<Canvas>('canvas');
  const graphics = viewer.get<GraphicsFactory>('graphicsFactory');
  if (painted) {
    const marks = marksOf(history);
    for (const element of registry.getAll().filter(isDrawn)) {
      const connection = Boolean(element.waypoints);
      const mark: FlowMark = marks.get(element.id) ?? 'pending';
      const colors = FLOW_COLORS[connection && mark !== 'taken' ? 'pending' : mark];
      const di = element.di ?? element.businessObject.di;
      if (!di) continue;
      di.set('color:border-color', colors.stroke);
      if (!connection) di.set('color:background-color', colors.fill);
      graphics.update(connection ? 'connection' : 'shape', element, registry.getGraphics(element));
      canvas.addMarker(element, markerOf(connection && mark !== 'taken' ? 'pending' : mark));
    }
  }
  canvas.zoom('fit-viewport', 'auto');
  return { destroy: () => viewer.destroy(), fit: () => canvas.zoom('fit-viewport', 'auto') };
}
