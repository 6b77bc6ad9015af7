/** bpmn-moddle ships no types: the little the validator reads of it. */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id: string;
    name?: string;
    [key: string]: unknown;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: { message: string }[] }>;
  }
}
