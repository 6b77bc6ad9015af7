import type { BaseKey, BaseRecord } from '@refinedev/core';
import { Card, Empty } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { siteConfig } from '../../../providers/config';
import { DictItemsPanel } from '../../../resources/dict/DictItemsPanel';
import '../../../resources/dict/dict.css';
import type { ScreenView } from '../../../resources/routing';
import { dictSchema } from '../../../resources/dict/schema';
import type { FormMode } from '../../../resources/types';
import { ResourceSearchForm } from '../../components/crud/ResourceSearchForm';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { useResourceTable } from '../../components/crud/useResourceTable';

const NO_OPERATIONS = { add: false, edit: false, delete: false, view: false, deleteOperation: undefined, rowCustom: [], toolbarCustom: [] };

/** `?item=new`, `?item=<id>&mode=edit` or `?item=<id>`: the open item form, if any. */
function itemViewOf(query: URLSearchParams): ScreenView {
  const item = query.get('item');
  if (!item) return { kind: 'list' };
  if (item === 'new') return { kind: 'form', mode: 'create' };
  return { kind: 'form', mode: query.get('mode') === 'edit' ? 'edit' : 'view', id: item };
}

/**
 * The dictionaries and the items of the one picked, side by side (`horizontal`, /dict-horizontal/index) or one above
 * the other (`vertical`, /dict-vertical/index), from the same parts as the dictionary screen. The picked dictionary
 * and the open item form live in the query string (`?parentId=…&item=…&mode=edit`), so a reload shows the same.
 */
export default function DictLayoutPage({ direction }: { direction: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const parentId = query.get('parentId') ?? undefined;
  const { tableProps, searchFormProps } = useResourceTable<BaseRecord>({
    resource: dictSchema.name,
    // Filters and page beside the picked dictionary and the open item in the query string: a reload shows the same.
    syncWithLocation: true,
    pagination: { pageSize: siteConfig.defaultPageSize },
    searchSchema: dictSchema,
    errorNotification: false,
  });
  // A form closes when its save has been answered and the lists refreshed: by then the user may be elsewhere.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const update = (changes: Record<string, string | undefined>) =>
    shown.current &&
    setQuery((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  const pick = (id: BaseKey) => update({ parentId: String(id), item: undefined, mode: undefined });
  const openForm = (mode: FormMode, id?: BaseKey) =>
    update({ item: mode === 'create' ? 'new' : String(id), mode: mode === 'edit' ? 'edit' : undefined });

  return (
    <div className={`dict-layout dict-layout--${direction}`} data-layout={direction}>
      <Card variant="borderless" className="crud-page dict-parents" data-resource={dictSchema.name} title={t('dict.layout.dictionaries')}>
        <ResourceSearchForm schema={dictSchema} formProps={searchFormProps} />
        <ResourceTable
          schema={dictSchema}
          ui={{}}
          tableProps={{
            ...tableProps,
            onRow: (record) => ({ onClick: () => pick(record.id as BaseKey) }),
            rowClassName: (record) => `dict-parent-row${String(record.id) === parentId ? ' dict-parent-row--picked' : ''}`,
          }}
          operations={NO_OPERATIONS}
          selectedKeys={parentId ? [parentId] : []}
          onSelect={(keys) => keys[0] !== undefined && pick(keys[0])}
          onOpen={() => undefined}
          onDelete={() => undefined}
          onOperation={() => undefined}
          singleSelect
        />
      </Card>
      <Card variant="borderless" className="crud-page dict-children" title={t('dict.layout.items')}>
        {parentId ? (
          <DictItemsPanel
            key={parentId}
            schema={dictSchema}
            parentId={parentId}
            view={itemViewOf(query)}
            openForm={openForm}
            closeForm={() => update({ item: undefined, mode: undefined })}
          />
        ) : (
          <Empty description={t('dict.layout.pick')} />
        )}
      </Card>
    </div>
  );
}
