import { AUDIT_FIELDS, toColumn, type FieldSchema, type FieldType, type ResourceSchema, type Widget } from '../types';

/**
 * The code generator's output: a resource folder of this product (its `schema.ts`), the migration of its tables and
 * the line that registers it, from a code-generation config, its data model and the model's prototype columns. Pure:
 * the server reads the rows and packs the files; a test can generate without a server.
 */

/** One column of a model's prototype (spec §3 model column). */
export interface PrototypeColumn {
  jdbcName: string;
  jdbcType: string;
  propertyName: string;
  propertyEntity: string;
  jdbcComment?: string | null;
  isList: number;
  isForm: number;
  isRow: number;
  isRequired: number;
  componentType?: string | null;
  dictCode?: string | null;
  isQuery: number;
  queryType?: string | null;
  /** Longest value of a character column, from the catalogue. */
  maxLength?: number | null;
}

export interface GenerationModel {
  modelTable: string;
  modelClass: string;
  modelName: string;
  modelCode: string;
  columns: PrototypeColumn[];
}

export type TemplateType = 'crud' | 'sub' | 'tree';

export interface GenerationConfig {
  codeName: string;
  tableName: string;
  tablePrefix: string;
  pkName: string;
  serviceName: string;
  templateType: TemplateType;
  author: string;
  model: GenerationModel;
  /** The menu the screen is placed under: its code (a group of the menu tree) and its path. */
  parentMenu: { code: string; path: string };
  /** `sub`: the detail rows' model and the column of its table that holds the master's id. */
  subModel?: GenerationModel;
  subFkId?: string;
  /** `tree`: the column holding the parent's id and the one naming a node. */
  treePid?: string;
  treeName?: string;
}

export interface GeneratedFile {
  /** Path from the repository's root. */
  path: string;
  content: string;
}

export interface GeneratedResource {
  name: string;
  /** The exported schema constant. */
  schemaConst: string;
  files: GeneratedFile[];
  /** What `resources/schemas.ts` needs: the import and the entry of the list. */
  registry: { importLine: string; entry: string };
}

/** Thrown for a config the generator cannot turn into a working folder; the message is the user's. */
export class GenerationRefused extends Error {}

const AUDIT_COLUMNS = new Set(AUDIT_FIELDS.map(toColumn));
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const PROPERTY = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const SEARCHES: Record<string, FieldSchema['search']> = { like: 'like', likeleft: 'like', likeright: 'like', between: 'dateRange' };
const WIDGETS = new Set<Widget>(['textarea', 'editor', 'select', 'tree', 'radio', 'checkbox', 'switch', 'date']);
const PICKED = new Set(['select', 'tree', 'radio', 'checkbox', 'switch', 'date']);

/** The model's code in lower case, letters and digits only: the folder, route, permission code and resource name. */
export function resourceNameOf(modelCode: string): string {
  return modelCode.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** `TestGadget` / `testGadget` / `test_gadget` → `Test gadget`: the English label of a name. */
export function englishOf(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldTypeOf(column: PrototypeColumn): FieldType {
  const jdbc = column.jdbcType.toLowerCase();
  if (jdbc === 'text') return 'text';
  if (jdbc === 'date') return 'date';
  if (jdbc.startsWith('timestamp')) return 'datetime';
  switch (column.propertyEntity) {
    case 'Integer':
    case 'Boolean':
      return 'int';
    case 'Long':
      return 'id';
    case 'Double':
    case 'BigDecimal':
      return 'number';
    case 'Date':
      return 'datetime';
    default:
      return 'string';
  }
}

function fieldOf(column: PrototypeColumn): FieldSchema {
  if (!PROPERTY.test(column.propertyName)) throw new GenerationRefused(`属性名不合法: ${column.propertyName}`);
  const type = fieldTypeOf(column);
  const zh = column.jdbcComment?.trim() || column.propertyName;
  const field: FieldSchema = { name: column.propertyName, type, label: { zh, en: englishOf(column.propertyName) } };
  if (toColumn(column.propertyName) !== column.jdbcName) field.column = column.jdbcName;
  const widget = column.componentType as Widget | undefined;
  if (widget && WIDGETS.has(widget) && !(widget === 'date' && (type === 'date' || type === 'datetime'))) field.widget = widget;
  if (column.isRequired) field.required = `${widget && PICKED.has(widget) ? '请选择' : '请输入'}${zh}`;
  if (type === 'string') field.maxLength = column.maxLength && column.maxLength > 0 ? column.maxLength : 255;
  if (column.dictCode) field.dict = { code: column.dictCode, as: `${column.propertyName}Name` };
  if (column.isQuery) {
    const search = SEARCHES[column.queryType ?? ''] ?? 'equal';
    field.search = search === 'dateRange' && type !== 'date' && type !== 'datetime' ? 'equal' : search;
  }
  if (!column.isList) field.list = false;
  if (!column.isForm) field.form = false;
  if (column.isRow) field.span = 24;
  return field;
}

/** The model's own columns: neither the audit columns the machinery adds nor the ones named in `skip`. */
function ownColumns(model: GenerationModel, skip: string[] = []): PrototypeColumn[] {
  return model.columns.filter((column) => !AUDIT_COLUMNS.has(column.jdbcName) && !skip.includes(column.jdbcName));
}

function columnNamed(model: GenerationModel, jdbcName: string | undefined, what: string): PrototypeColumn {
  const column = model.columns.find((candidate) => candidate.jdbcName === jdbcName);
  if (!column) throw new GenerationRefused(`${what}不存在: ${jdbcName ?? ''}`);
  return column;
}

/** The schema of the resource the config describes. */
export function schemaOf(config: GenerationConfig): ResourceSchema {
  const name = resourceNameOf(config.model.modelCode);
  if (!/^[a-z]/.test(name)) throw new GenerationRefused(`模型编号须以字母开头: ${config.model.modelCode}`);
  if (!IDENTIFIER.test(config.tableName)) throw new GenerationRefused(`表名不合法: ${config.tableName}`);
  if (config.pkName !== 'id') throw new GenerationRefused('主键名须为 id: 本系统的资源以 id 为主键');
  if (!/^[a-z][a-z0-9-]*$/.test(config.serviceName)) throw new GenerationRefused(`服务名不合法: ${config.serviceName}`);
  const model = config.model;
  const schema: ResourceSchema = {
    name,
    title: { zh: config.codeName, en: englishOf(model.modelClass) },
    api: `/api/${config.serviceName}/${name}`,
    table: config.tableName,
    tableOwner: 'migration',
    tenantScoped: true,
    route: `${config.parentMenu.path.replace(/\/$/, '')}/${name}`,
    menu: { parent: config.parentMenu.code, icon: 'AppstoreOutlined', sort: 99 },
    permissionCode: name,
    operations: [],
    form: { mode: config.templateType === 'sub' ? 'drawer' : 'modal', width: config.templateType === 'sub' ? '70%' : 760 },
    defaultSort: { column: 'create_time', order: 'desc' },
    fields: [],
  };
  if (config.templateType === 'tree') {
    const parent = columnNamed(model, config.treePid, '树父主键');
    const label = columnNamed(model, config.treeName, '树名称字段');
    const labelField = fieldOf(label);
    const parentField: FieldSchema = {
      name: parent.propertyName,
      type: 'id',
      label: { zh: parent.jdbcComment?.trim() || '上级', en: 'Parent' },
      widget: 'tree',
      ref: { resource: name, label: labelField.name, as: 'parentName' },
      defaultValue: '0',
      list: false,
    };
    if (toColumn(parent.propertyName) !== parent.jdbcName) parentField.column = parent.jdbcName;
    const rest = ownColumns(model, [parent.jdbcName, label.jdbcName]).map(fieldOf);
    schema.tree = { parentField: parentField.name, labelField: labelField.name };
    schema.fields = [
      labelField,
      parentField,
      { name: 'parentName', type: 'string', label: { zh: parentField.label.zh, en: 'Parent' }, virtual: true, readOnly: true, form: false },
      ...rest,
    ];
  } else {
    schema.fields = ownColumns(model).map(fieldOf);
  }
  if (config.templateType === 'sub') {
    const sub = config.subModel;
    if (!sub) throw new GenerationRefused('请选择子表模型');
    const foreignKey = columnNamed(sub, config.subFkId, '子表外键');
    if (!IDENTIFIER.test(sub.modelTable)) throw new GenerationRefused(`表名不合法: ${sub.modelTable}`);
    schema.children = [
      {
        name: `${sub.modelCode.charAt(0).toLowerCase()}${sub.modelCode.slice(1).replace(/[^a-zA-Z0-9]/g, '')}List`,
        table: sub.modelTable,
        parentKey: foreignKey.jdbcName,
        label: { zh: sub.modelName, en: englishOf(sub.modelClass) },
        fields: ownColumns(sub, [foreignKey.jdbcName, 'sort']).map(fieldOf),
      },
    ];
  }
  if (schema.fields.length === 0) throw new GenerationRefused('模型没有可生成的字段');
  return schema;
}

// --- Formatting: the printed TypeScript reads like the hand-written folders (single quotes, trailing commas) -------

const MAX_LINE = 140;
const KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

function inline(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([key, item]) => `${KEY.test(key) ? key : quoted(key)}: ${inline(item)}`).join(', ')} }`;
}

/** A value as TypeScript: on one line where it fits, else one entry a line. */
export function printValue(value: unknown, indent = 0, prefix = 0): string {
  const flat = inline(value);
  if (indent + prefix + flat.length <= MAX_LINE || value === null || typeof value !== 'object') return flat;
  const pad = ' '.repeat(indent + 2);
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${pad}${printValue(item, indent + 2)},`).join('\n')}\n${' '.repeat(indent)}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  const lines = entries.map(([key, item]) => {
    const head = `${KEY.test(key) ? key : quoted(key)}: `;
    return `${pad}${head}${printValue(item, indent + 2, head.length)},`;
  });
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`;
}

const camel = (name: string) => name.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function schemaFile(config: GenerationConfig, schema: ResourceSchema, schemaConst: string): string {
  const { operations: _operations, ...rest } = schema;
  const body = printValue(rest, 0).replace(/\n}$/, '\n  operations: CRUD,\n}');
  const mode = { crud: '单表', sub: '主子表', tree: '树表' }[config.templateType];
  return [
    "import { CRUD } from '../operations';",
    "import type { ResourceSchema } from '../types';",
    '',
    '/**',
    ` * ${config.codeName} (${mode}, table \`${config.tableName}\`), generated by 代码生成 from the data model \`${config.model.modelCode}\``,
    ` * (${config.model.modelName}); author ${config.author}.`,
    ' */',
    `export const ${schemaConst}: ResourceSchema = ${body};`,
    '',
  ].join('\n');
}

const SQL_TYPES: Record<FieldType, (field: FieldSchema) => string> = {
  string: (field) => `varchar(${field.maxLength ?? 255})`,
  text: () => 'text',
  int: () => 'integer',
  number: () => 'numeric',
  date: () => 'date',
  datetime: () => 'timestamp',
  id: () => 'bigint',
};

const AUDIT_DDL = [
  'id bigint PRIMARY KEY',
  "tenant_id varchar(12) NOT NULL DEFAULT '000000'",
  'create_user bigint',
  'create_dept bigint',
  'create_time timestamp',
  'update_user bigint',
  'update_time timestamp',
  'status integer NOT NULL DEFAULT 1',
  'is_deleted integer NOT NULL DEFAULT 0',
];

function tableDdl(table: string, columns: string[]): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (\n${[...AUDIT_DDL, ...columns].map((column) => `  ${column}`).join(',\n')}\n);`;
}

const storedColumns = (fields: FieldSchema[]) =>
  fields.filter((field) => !field.virtual).map((field) => `${field.column ?? toColumn(field.name)} ${SQL_TYPES[field.type](field)}`);

function migrationFile(config: GenerationConfig, schema: ResourceSchema): string {
  const statements = [
    `-- ${config.codeName}: the tables of the generated resource \`${schema.name}\` (代码生成, ${config.templateType}).`,
    tableDdl(schema.table, storedColumns(schema.fields)),
    `CREATE INDEX IF NOT EXISTS ${schema.table}_tenant_live ON ${schema.table} (tenant_id, is_deleted, create_time, id);`,
  ];
  for (const child of schema.children ?? []) {
    statements.push(tableDdl(child.table, [`${child.parentKey} bigint`, 'sort integer', ...storedColumns(child.fields)]));
  }
  return `${statements.join('\n\n')}\n`;
}

/** The folder, the migration (numbered `migrationNumber`) and the registry line of a config. */
export function generateResource(config: GenerationConfig, migrationNumber: number): GeneratedResource {
  const schema = schemaOf(config);
  const schemaConst = `${camel(schema.name)}Schema`;
  const migration = `server/db/migrations/${String(migrationNumber).padStart(3, '0')}_${schema.name}.sql`;
  return {
    name: schema.name,
    schemaConst,
    files: [
      { path: `resources/${schema.name}/schema.ts`, content: schemaFile(config, schema, schemaConst) },
      { path: migration, content: migrationFile(config, schema) },
    ],
    registry: { importLine: `import { ${schemaConst} } from './${schema.name}/schema';`, entry: `${schemaConst},` },
  };
}

/** `resources/schemas.ts` with the generated resource's import and its entry at the end of the list. */
export function withRegistryLine(registrySource: string, registry: GeneratedResource['registry']): string {
  if (registrySource.includes(registry.importLine)) return registrySource;
  const listEnd = registrySource.indexOf('\n];', registrySource.indexOf('export const resourceSchemas'));
  if (listEnd < 0) throw new GenerationRefused('resources/schemas.ts 中找不到资源列表');
  const withEntry = `${registrySource.slice(0, listEnd)}\n  ${registry.entry}${registrySource.slice(listEnd)}`;
  const lastImport = withEntry.lastIndexOf('\nimport ');
  const importEnd = withEntry.indexOf('\n', lastImport + 1);
  return `${withEntry.slice(0, importEnd + 1)}${registry.importLine}\n${withEntry.slice(importEnd + 1)}`;
}
