import { useOne } from '@refinedev/core';
import { Alert, Form, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../../src/components/crud/descriptor';
import { ACTION_OF_PLACEMENT } from '../operations';
import { useRegistry } from '../../src/registry';
import { operationCode, type OperationSchema } from '../types';

interface ParentMenu {
  code?: string;
  name?: string;
  path?: string;
}

const BUTTON_CATEGORY = 2;

/**
 * A button (category 2) shows on its screen only when the screen declares an operation with its code: the form says so
 * and lists the operations the parent screen declares; a pick fills the button's code, alias, name, path, position and
 * icon as the seed writes them. A code no operation has is flagged.
 */
export function MenuButtonOperations({ schema: menuSchema, mode, form }: SectionProps) {
  const { t, i18n } = useTranslation();
  const { schemas } = useRegistry();
  const category = Form.useWatch<number | undefined>('category', form);
  const parentId = Form.useWatch<string | undefined>('parentId', form);
  const code = Form.useWatch<string | undefined>('code', form);
  const isButton = Number(category) === BUTTON_CATEGORY && mode !== 'view';
  const hasParent = parentId !== undefined && parentId !== '' && String(parentId) !== '0';
  const { result: parentMenu, query } = useOne<ParentMenu>({
    resource: menuSchema.name,
    id: String(parentId ?? ''),
    errorNotification: false,
    queryOptions: { enabled: isButton && hasParent },
  });
  const parent = { data: parentMenu, loading: query.isLoading };
  if (!isButton) return null;
  const screen = hasParent ? schemas.find((schema) => schema.permissionCode === parent.data?.code) : undefined;
  const language = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const declared = (screen?.operations ?? []).map((operation) => ({ operation, code: operationCode(screen!, operation.alias) }));
  const pick = (operation: OperationSchema, picked: string) => {
    const current = form.getFieldsValue(['name', 'path', 'source']) as Record<string, unknown>;
    form.setFieldsValue({
      code: picked,
      alias: operation.alias,
      action: ACTION_OF_PLACEMENT[operation.placement],
      ...(current.name ? {} : { name: operation.label[language] }),
      ...(current.path ? {} : { path: `${parent.data?.path ?? ''}/${operation.alias}` }),
      ...(current.source || !operation.icon ? {} : { source: operation.icon }),
    });
  };
  const unknownCode = screen !== undefined && code !== undefined && code.trim() !== '' && !declared.some((entry) => entry.code === code.trim());

  return (
    <div className="menu-button-operations">
      <Alert
        type="info"
        showIcon
        message={t('menu.button.needsOperation')}
        description={
          !hasParent || parent.loading ? null : screen ? (
            <div>
              <div>{t('menu.button.declared', { screen: parent.data?.name ?? '' })}</div>
              {declared.map(({ operation, code: declaredCode }) => (
                <Tag.CheckableTag key={declaredCode} checked={code === declaredCode} onChange={() => pick(operation, declaredCode)}>
                  {operation.label[language]} ({declaredCode})
                </Tag.CheckableTag>
              ))}
            </div>
          ) : (
            t('menu.button.noScreen', { screen: parent.data?.name ?? '' })
          )
        }
      />
      {unknownCode && <Alert type="warning" showIcon className="menu-button-operations__unknown" message={t('menu.button.unknownCode', { code: code!.trim() })} />}
    </div>
  );
}
