import { useOne } from '@refinedev/core';
import { AutoComplete, Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../providers/data';
import { http } from '../../providers/http';
import { FORM_VALIDATE_TRIGGER, fieldLabelKey, formRulesOf } from '../../src/components/crud/schemaMapping';
import type { FieldSchema, ResourceSchema } from '../types';

interface ApiRoute {
  method: string;
  path: string;
}

/** What saving a scope path would do: the routes it reaches and the roles it would cut off. */
export interface PathCheck {
  routes: ApiRoute[];
  roles: { id: string; roleName: string }[];
}

export async function checkScopePath(schema: ResourceSchema, scopePath: string, id: unknown): Promise<PathCheck> {
  const params = { scopePath, ...(id === undefined ? {} : { id: String(id) }) };
  return (await http.get<{ data: PathCheck }>(`${schema.api}/path-check`, { params })).data.data;
}

/** How long typing pauses before the path is checked against the server's routes. */
const CHECK_DELAY_MS = 300;

interface ApiPaths {
  base: string;
  paths: ApiRoute[];
}

const NO_PATHS: ApiPaths = { base: '', paths: [] };

/** `value` once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * An API scope's path: picked from the real paths of the menu's resource (or its whole API, `<base>/**`) or typed;
 * a path that reaches no route is flagged while typing, as it would limit nothing.
 */
export function ApiScopePathItem({ schema, field, fields, menuId, form }: { schema: ResourceSchema; field: FieldSchema; fields: FieldSchema[]; menuId: string; form: FormInstance }) {
  const { t } = useTranslation();
  const value = Form.useWatch<string | undefined>(field.name, form);
  const pathsMeta: BladeMeta = { endpoints: { detail: 'api-paths' }, idParam: 'menuId' };
  const { result: paths = NO_PATHS } = useOne<ApiPaths>({ resource: schema.name, id: menuId, meta: pathsMeta, errorNotification: false });
  // The typed path, once typing pauses, checked against the server's routes.
  const checked = useSettled((value ?? '').trim(), CHECK_DELAY_MS);
  const checkMeta: BladeMeta = { endpoints: { detail: 'path-check' }, idParam: 'scopePath' };
  const { result: check } = useOne<PathCheck>({
    resource: schema.name,
    id: checked,
    meta: checkMeta,
    errorNotification: false,
    queryOptions: { enabled: checked !== '' },
  });
  const unmatched = checked !== '' && check !== undefined && check.routes.length === 0;

  const typed = (value ?? '').toLowerCase();
  const options = [
    ...(paths.base ? [{ value: `${paths.base}/**`, label: t('apiscope.wholeApi', { path: `${paths.base}/**` }) }] : []),
    ...[...new Set(paths.paths.map((route) => route.path))].map((path) => ({
      value: path,
      label: `${paths.paths.filter((route) => route.path === path).map((route) => route.method).join('/')} ${path}`,
    })),
  ].filter((option) => typed === '' || option.value.toLowerCase().includes(typed));

  return (
    <Form.Item
      name={field.name}
      label={t(fieldLabelKey(schema, field))}
      rules={formRulesOf(field, fields)}
      validateTrigger={FORM_VALIDATE_TRIGGER}
      extra={t(`${schema.name}.help.${field.name}`)}
      {...(unmatched ? { validateStatus: 'warning' as const, help: t('apiscope.noRoute') } : {})}
    >
      <AutoComplete options={options} placeholder={t('crud.inputPlaceholder', { label: t(fieldLabelKey(schema, field)) })} className="api-scope-path" />
    </Form.Item>
  );
}
