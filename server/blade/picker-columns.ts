import { gunzipSync, inflateSync } from 'node:zlib';
import type { ResourceSchema } from '../../resources/types';

/** Keys a tree answers besides its fields (`nest`, `markChildren`): a picked tree needs them to draw. */
const TREE_KEYS = ['children', 'hasChildren', 'title', 'key', 'value'];

/**
 * What each other screen's pickers read of `schema`'s rows, by that screen's permission code: the id, the label,
 * the search and fixed filters, what a pick fills in, a picked tree's parent and label, and the columns a link table
 * shows. A reader who holds the resource only through such a screen gets these columns and no others.
 */
export function pickerColumnsOf(schema: ResourceSchema, schemas: readonly ResourceSchema[]): Map<string, Set<string>> {
  const byCode = new Map<string, Set<string>>();
  const base = ['id', ...(schema.tree ? [schema.tree.parentField, schema.tree.labelField, ...TREE_KEYS] : [])];
  for (const other of schemas) {
    if (other.permissionCode === schema.permissionCode) continue;
    const columns = new Set<string>();
    const fields = [...other.fields, ...(other.children ?? []).flatMap((child) => child.fields)];
    for (const field of fields) {
      const ref = field.ref;
      if (ref?.resource === schema.name) {
        columns.add(ref.label);
        if (ref.searchParam) columns.add(ref.searchParam);
        for (const name of Object.keys(ref.query ?? {})) columns.add(name);
        for (const name of Object.values(ref.fill ?? {})) columns.add(name);
      }
      if (field.treePath?.resource === schema.name && schema.tree) columns.add(schema.tree.labelField);
    }
    for (const link of (other.links ?? []).filter((candidate) => candidate.target === schema.name)) {
      for (const name of link.columns) columns.add(name);
      if (link.childRows) {
        columns.add(link.childRows.name);
        for (const name of link.childRows.columns) columns.add(name);
      }
    }
    if (columns.size === 0) continue;
    const held = byCode.get(other.permissionCode) ?? new Set(base);
    for (const name of columns) held.add(name);
    byCode.set(other.permissionCode, held);
  }
  return byCode;
}

type Json = unknown;

function projectRow(row: Json, columns: ReadonlySet<string>): Json {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return row;
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => columns.has(key))
      .map(([key, value]) => [key, Array.isArray(value) ? value.map((item) => projectRow(item, columns)) : value]),
  );
}

/** The envelope's `data` (a page, a list, a tree or one row) with every row cut down to `columns`. */
export function projectData(data: Json, columns: ReadonlySet<string>): Json {
  if (Array.isArray(data)) return data.map((row) => projectRow(row, columns));
  if (data !== null && typeof data === 'object' && Array.isArray((data as { records?: unknown }).records)) {
    const page = data as { records: Json[] };
    return { ...page, records: page.records.map((row) => projectRow(row, columns)) };
  }
  return projectRow(data, columns);
}

/** The text of an answer's body, decoded as `send` may have compressed it for a client that takes gzip. */
async function bodyText(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/**
 * A JSON answer of a read with its rows cut down to `columns`; any other answer (a file) as it is. The cut answer
 * goes uncompressed: the app's compression middleware compresses it again where it is worth it.
 */
export async function projectAnswer(response: Response, columns: ReadonlySet<string>): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const body = JSON.parse(await bodyText(response)) as { data?: Json } | null;
  if (body !== null && typeof body === 'object' && 'data' in body) body.data = projectData(body.data, columns);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
