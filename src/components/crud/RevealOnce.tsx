import { Alert, App, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceSchema } from '../../../resources/types';

/**
 * The dialog of values a create answers once (a generated client secret, a new tenant's initial password): each with
 * a copy button, and the note that it cannot be seen again.
 */
export function useRevealOnce(schema: ResourceSchema) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (answered: Record<string, unknown> | undefined) => {
    const items = (schema.revealOnCreate ?? []).filter((item) => {
      const value = answered?.[item.name];
      return typeof value === 'string' && value !== '';
    });
    if (items.length === 0) return;
    modal.success({
      title: t('crud.revealTitle'),
      width: 560,
      okText: t('crud.close'),
      className: 'crud-reveal',
      content: (
        <>
          <Alert type="warning" showIcon message={t('crud.revealNote')} style={{ marginBottom: 12 }} />
          <Descriptions column={1} bordered size="small">
            {items.map((item) => (
              <Descriptions.Item key={item.name} label={t(`${schema.name}.reveal.${item.name}`)}>
                <Typography.Text code copyable data-reveal={item.name}>
                  {String(answered![item.name])}
                </Typography.Text>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      ),
    });
  };
}
