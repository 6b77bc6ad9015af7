import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenus } from '../../layout/MenuContext';
import { leafMenus, menuByPath } from '../../layout/menuTree';
import { MenuEntryCards } from '../wel/MenuEntryCards';

/** The test-management group's menu path: its screens are what this page offers. */
const TEST_GROUP_PATH = '/test';

/** `/test/index` (spec §2 layout route): the test-management screens the role may open, one card each. */
export default function TestIndexPage() {
  const { t } = useTranslation();
  const group = menuByPath(useMenus(), TEST_GROUP_PATH);
  return (
    <div className="welcome-page test-index-page">
      <Card variant="borderless" title={t('testIndex.title')}>
        <Typography.Paragraph type="secondary">{t('testIndex.description')}</Typography.Paragraph>
        <MenuEntryCards entries={group ? leafMenus(group.children ?? []) : []} />
      </Card>
    </div>
  );
}
