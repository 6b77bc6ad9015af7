import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../../src/components/crud/descriptor';

/** The record's errors as a list, one line per bad row (`第3行「用例标题」: 不能为空`). */
export function ErrorLines({ record }: SectionProps) {
  const { t } = useTranslation();
  const lines = String(record?.errorMsg ?? '').split('\n').filter(Boolean);
  return (
    <List
      size="small"
      bordered
      className="import-check-errors"
      dataSource={lines}
      locale={{ emptyText: t('importcheck.noErrors') }}
      renderItem={(line) => (
        <List.Item>
          <Typography.Text type="danger">{line}</Typography.Text>
        </List.Item>
      )}
    />
  );
}
