import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { localizedOptions, optionLabelOf } from '../../src/components/crud/schemaMapping';
import { JOB_INSTANCE_STATUS_OPTIONS } from './schema';

const COLORS: Record<number, string> = { 2: 'processing', 3: 'success', 4: 'error' };

/** The state of a job's run as a coloured tag (运行记录, and 最近运行 in the list). */
export function JobRunStatusTag({ value }: { value: unknown }) {
  const { i18n } = useTranslation();
  const label = optionLabelOf(localizedOptions(JOB_INSTANCE_STATUS_OPTIONS, i18n.language), value);
  return label ? <Tag color={COLORS[Number(value)]}>{label}</Tag> : null;
}
