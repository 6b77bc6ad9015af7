import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageCategory } from '../../../resources/message/wire';

const COLORS: Record<MessageCategory, string> = { flow: 'blue', run: 'green', alert: 'red' };

/** 流程, 任务执行 or 调度告警: what a message is about. */
export function MessageCategoryTag({ category }: { category: MessageCategory }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[category]}>{t(`message.category.${category}`)}</Tag>;
}
