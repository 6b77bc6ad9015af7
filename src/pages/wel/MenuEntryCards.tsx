import { Card, Col, Empty, Row } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MenuItem } from '../../../providers/access';
import { useMenuName } from '../../layout/MenuContext';
import { menuIconOf } from '../../layout/menuIcons';
import { isExternalPath } from '../../layout/menuTree';

/** One card per screen, opening it (an external address in a new window); the empty note when there is none. */
export function MenuEntryCards({ entries }: { entries: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuName = useMenuName();
  const open = (path: string) => (isExternalPath(path) ? window.open(path, '_blank', 'noopener') : navigate(path));

  if (entries.length === 0) return <Empty description={t('wel.noEntries')} />;
  return (
    <Row gutter={[16, 16]}>
      {entries.map((menu) => (
        <Col key={menu.id} xs={12} sm={8} md={6} lg={4}>
          <Card hoverable size="small" className="welcome-page__entry" onClick={() => open(menu.path)}>
            <span className="welcome-page__entry-icon">{createElement(menuIconOf(menu.source))}</span>
            <span className="welcome-page__entry-name">{menuName(menu)}</span>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
