/**
 * A process diagram as an SVG image, drawn from the BPMN XML's diagram interchange (shapes and edges as the modeler
 * placed them): what BladeX's clients open in an `img` or `iframe` (`diagram-view`, `resource-view`), so without
 * reading the JSON of `model-view`. Finished activities are outlined green, the running ones red, as BladeX marks them.
 */

export interface DiagramMarks {
  finished: ReadonlySet<string>;
  active: ReadonlySet<string>;
}

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

const COLOURS = { finished: '#52c41a', active: '#f5222d', plain: '#595959' };

const attributesOf = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1].replace(/^\w+:/, ''), match[2]]));

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch]!);

const decodeXml = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+);/g, (_, name: string) =>
    name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name],
  );

/** Every element with an id: its local tag name and its name. */
function elementsOf(xml: string): Map<string, { type: string; name: string }> {
  const elements = new Map<string, { type: string; name: string }>();
  for (const match of xml.matchAll(/<(?:[\w-]+:)?(\w+)\b([^>]*)>/g)) {
    const attributes = attributesOf(match[2]);
    if (attributes.id && !elements.has(attributes.id)) elements.set(attributes.id, { type: match[1], name: decodeXml(attributes.name ?? '') });
  }
  return elements;
}

function shapesOf(xml: string): Map<string, Bounds> {
  const shapes = new Map<string, Bounds>();
  for (const match of xml.matchAll(/<(?:[\w-]+:)?BPMNShape\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNShape>/g)) {
    const element = attributesOf(match[1]).bpmnElement;
    const bounds = match[2].match(/<(?:[\w-]+:)?Bounds\b([^>]*)\/?>/);
    if (!element || !bounds) continue;
    const { x, y, width, height } = attributesOf(bounds[1]);
    shapes.set(element, { x: Number(x), y: Number(y), width: Number(width), height: Number(height) });
  }
  return shapes;
}

function edgesOf(xml: string): { element: string; points: [number, number][] }[] {
  return [...xml.matchAll(/<(?:[\w-]+:)?BPMNEdge\b([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNEdge>/g)].map((match) => ({
    element: attributesOf(match[1]).bpmnElement ?? '',
    points: [...match[2].matchAll(/<(?:[\w-]+:)?waypoint\b([^>]*)\/?>/g)].map((point) => {
      const { x, y } = attributesOf(point[1]);
      return [Number(x), Number(y)] as [number, number];
    }),
  }));
}

function shapeSvg(type: string, name: string, box: Bounds, colour: string, strokeWidth: number): string {
  const stroke = `stroke="${colour}" stroke-width="${strokeWidth}" fill="#fff"`;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  if (type.endsWith('Event')) {
    const label = name ? `<text x="${cx}" y="${box.y + box.height + 14}" text-anchor="middle">${escapeXml(name)}</text>` : '';
    return `<circle cx="${cx}" cy="${cy}" r="${box.width / 2}" ${stroke}/>${label}`;
  }
  if (type.endsWith('Gateway')) {
    const points = [`${cx},${box.y}`, `${box.x + box.width},${cy}`, `${cx},${box.y + box.height}`, `${box.x},${cy}`].join(' ');
    return `<polygon points="${points}" ${stroke}/>`;
  }
  return (
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="10" ${stroke}/>` +
    `<text x="${cx}" y="${cy + 4}" text-anchor="middle">${escapeXml(name)}</text>`
  );
}

/** The SVG of a process's diagram, `marks` outlining what an instance has done and is doing. */
export function diagramSvg(xml: string, marks: DiagramMarks = { finished: new Set(), active: new Set() }): string {
  const elements = elementsOf(xml);
  const shapes = shapesOf(xml);
  const edges = edgesOf(xml);
  const xs = [...[...shapes.values()].flatMap((box) => [box.x, box.x + box.width]), ...edges.flatMap((edge) => edge.points.map(([x]) => x))];
  const ys = [...[...shapes.values()].flatMap((box) => [box.y, box.y + box.height + 20]), ...edges.flatMap((edge) => edge.points.map(([, y]) => y))];
  const [minX, minY] = [Math.min(0, ...xs) - 20, Math.min(0, ...ys) - 20];
  const [width, height] = [Math.max(100, ...xs) - minX + 20, Math.max(100, ...ys) - minY + 20];
  const parts = edges
    .filter((edge) => edge.points.length > 1)
    .map((edge) => `<polyline points="${edge.points.map(([x, y]) => `${x},${y}`).join(' ')}" fill="none" stroke="${COLOURS.plain}" marker-end="url(#arrow)"/>`);
  for (const [id, box] of shapes) {
    const element = elements.get(id);
    if (!element || ['participant', 'lane'].includes(element.type)) continue;
    const state = marks.active.has(id) ? 'active' : marks.finished.has(id) ? 'finished' : 'plain';
    parts.push(`<g data-element="${escapeXml(id)}" data-state="${state}">${shapeSvg(element.type, element.name, box, COLOURS[state], state === 'plain' ? 1.5 : 3)}</g>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX} ${minY} ${width} ${height}" width="${width}" height="${height}" font-family="sans-serif" font-size="12">` +
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${COLOURS.plain}"/></marker></defs>` +
    parts.join('') +
    '</svg>'
  );
}
