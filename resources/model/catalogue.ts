import { Socket } from 'node:net';
import pg from 'pg';
import { badRequest } from '../../server/blade/errors';
import type { Db } from '../../server/db/types';
import { OutboundRefused, checkedLookup, type OutboundPolicy } from '../../server/outbound';
import { AUDIT_FIELDS, toColumn } from '../types';
import type { PrototypeColumn } from '../code/generator';

/**
 * The tables and columns a datasource holds, read from its own catalogue (`information_schema`): this server's
 * database through its connection, an external PostgreSQL through `pg` under the outbound allow-list.
 */

export interface CatalogueTable {
  name: string;
  comment: string;
}

export interface CatalogueColumn {
  name: string;
  type: string;
  maxLength: number | null;
  nullable: boolean;
  comment: string;
  primaryKey: boolean;
}

export interface Catalogue {
  tables(): Promise<CatalogueTable[]>;
  columns(table: string): Promise<CatalogueColumn[]>;
}

type Query = <T>(sql: string, params: unknown[]) => Promise<T[]>;

const TABLES_SQL = `
  SELECT c.relname AS name, coalesce(obj_description(c.oid, 'pg_class'), '') AS comment
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
  ORDER BY c.relname`;

const COLUMNS_SQL = `
  SELECT a.attname AS name, format_type(a.atttypid, NULL) AS type,
         CASE WHEN a.atttypmod > 4 AND t.typname IN ('varchar', 'bpchar') THEN a.atttypmod - 4 END AS "maxLength",
         NOT a.attnotnull AS nullable, coalesce(col_description(c.oid, a.attnum), '') AS comment,
         EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY(i.indkey)) AS "primaryKey"
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  JOIN pg_type t ON t.oid = a.atttypid
  WHERE n.nspname = current_schema() AND c.relname = $1
  ORDER BY a.attnum`;

function catalogueOn(query: Query): Catalogue {
  return {
    tables: () => query<CatalogueTable>(TABLES_SQL, []),
    columns: (table) => query<CatalogueColumn>(COLUMNS_SQL, [table]),
  };
}

/** This server's own database. */
export function embeddedCatalogue(db: Db): Catalogue {
  return catalogueOn((sql, params) => db.query(sql, params));
}

/** `jdbc:postgresql://host:5432/db` or `postgres://host/db` as a connection string, else undefined. */
export function connectionStringOf(url: string): string | undefined {
  const bare = url.startsWith('jdbc:') ? url.slice('jdbc:'.length) : url;
  if (!/^postgres(ql)?:\/\//.test(bare)) return undefined;
  try {
    return new URL(bare).hostname ? bare : undefined;
  } catch {
    return undefined;
  }
}

const CONNECT_TIMEOUT_MS = 5000;

/**
 * An external PostgreSQL datasource: connected only when an administrator allowed its host (`BLADE_OUTBOUND_ALLOW`),
 * and only to addresses the policy allows. One connection per call, closed afterwards.
 */
export function externalCatalogue(policy: OutboundPolicy, source: { url: string; username: string; password: string }): Catalogue {
  const connectionString = connectionStringOf(source.url);
  if (!connectionString) throw badRequest('数据源连接地址不是 PostgreSQL 地址');
  const host = new URL(connectionString).hostname;
  if (!policy.hostAllowed(`http://${host}`)) throw badRequest(`数据源地址未获允许: ${host} (BLADE_OUTBOUND_ALLOW)`);
  const lookup = checkedLookup(policy);
  const query: Query = async <T>(sql: string, params: unknown[]) => {
    // Host, port and database from the address, the account from the datasource's own fields: pg lets a connection
    // string's (absent) user override the `user` option, so the two are not mixed.
    const address = new URL(connectionString);
    const sslMode = address.searchParams.get('sslmode') ?? (address.searchParams.get('ssl') === 'true' ? 'require' : 'disable');
    const client = new pg.Client({
      host,
      port: Number(address.port) || 5432,
      database: decodeURIComponent(address.pathname.slice(1)),
      ssl: sslMode === 'disable' || sslMode === 'prefer' || sslMode === 'allow' ? false : { rejectUnauthorized: sslMode.startsWith('verify') },
      user: source.username,
      password: source.password,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS * 2,
      // The socket resolves the host under the policy, as outbound HTTP requests do.
      stream: () => {
        const socket = new Socket();
        const connect = socket.connect.bind(socket) as (options: object) => Socket;
        (socket as unknown as { connect: (port: number, host: string) => Socket }).connect = (port, hostname) =>
          connect({ port, host: hostname, lookup });
        return socket;
      },
    });
    try {
      await client.connect();
      return (await client.query(sql, params)).rows as T[];
    } catch (error) {
      if (error instanceof OutboundRefused) throw badRequest(`数据源地址未获允许: ${host} (BLADE_OUTBOUND_ALLOW)`);
      throw badRequest(`数据源连接失败: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  return catalogueOn(query);
}

const AUDIT_COLUMNS = new Set(AUDIT_FIELDS.map(toColumn));

export const propertyNameOf = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The spec's entity type (§9) of a PostgreSQL column type. */
export function entityOf(type: string): string {
  if (/^(character|text|uuid|json)/.test(type)) return 'String';
  if (type === 'integer' || type === 'smallint') return 'Integer';
  if (type === 'bigint') return 'Long';
  if (type === 'double precision' || type === 'real') return 'Double';
  if (type === 'numeric') return 'BigDecimal';
  if (type === 'boolean') return 'Boolean';
  if (type === 'date' || type.startsWith('timestamp')) return 'Date';
  return 'String';
}

/** What a column becomes until someone configures it: audit columns hidden, NOT NULL columns required. */
export function defaultPrototype(column: CatalogueColumn): PrototypeColumn {
  const audit = AUDIT_COLUMNS.has(column.name);
  const entity = entityOf(column.type);
  const jdbcType = column.type === 'character varying' ? 'varchar' : column.type;
  const componentType =
    jdbcType === 'text' ? 'textarea' : entity === 'Date' ? 'date' : entity === 'Boolean' ? 'switch' : 'input';
  return {
    jdbcName: column.name,
    jdbcType,
    maxLength: column.maxLength,
    propertyName: propertyNameOf(column.name),
    propertyEntity: entity,
    jdbcComment: column.comment,
    isList: audit || jdbcType === 'text' ? 0 : 1,
    isForm: audit ? 0 : 1,
    isRow: jdbcType === 'text' ? 1 : 0,
    isRequired: !audit && !column.primaryKey && !column.nullable ? 1 : 0,
    componentType,
    dictCode: '',
    isQuery: 0,
    queryType: entity === 'String' ? 'like' : 'equal',
  };
}
