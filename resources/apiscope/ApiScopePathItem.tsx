import { AutoComplete, Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * An API scope's path: picked from the real paths of the menu's resource (or its whole API, `<base>/**`) or typed;
 * a path that reaches no route is flagged while typing, as it would limit nothing.
 */
export function ApiScopePathItem({ schema, field, fields, menuId, form }: { schema: ResourceSchema; field: FieldSchema; fields: FieldSchema[]; menuId: string; form: FormInstance }) {
  const { t } = useTranslation();
  const [paths, setPaths] = useState<{ base: string; paths: ApiRoute[] }>({ base: '', paths: [] });
  const [unmatched, setUnmatched] = useState(false);
  const value = Form.useWatch<string | undefined>(field.name, form);

  useEffect(() => {
    let current = true;
    http
      .get<{ data: { base: string; paths: ApiRoute[] } }>(`${schema.api}/api-paths`, { params: { menuId } })
      .then((response) => current && setPaths(response.data.data))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [schema.api, menuId]);

  useEffect(() => {
    const path = (value ?? '').trim();
    if (path === '') {
      setUnmatched(false);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      checkScopePath(schema, path, undefined)
        .then((check) => current && setUnmatched(check.routes.length === 0))
        .catch(() => undefined);
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [schema, value]);

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
