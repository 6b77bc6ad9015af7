import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizedOptions, optionLabelOf } from '../../src/components/crud/schemaMapping';
import type { ResourceSchema } from '../types';
import { SMS_STATUS } from './dicts';

/** 是否启用 as a tag: the tenant's enabled setting stands out in green. */
export function SmsStatusTag({ schema, value }: { schema: ResourceSchema; value: unknown }) {
  const { i18n } = useTranslation();
  const options = schema.fields.find((field) => field.name === 'status')?.options ?? [];
  const label = optionLabelOf(localizedOptions(options, i18n.language), value) ?? String(value ?? '');
  return <Tag color={value === SMS_STATUS.enabled ? 'green' : undefined}>{label}</Tag>;
}
