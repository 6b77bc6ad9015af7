import { useGetIdentity } from '@refinedev/core';
import { Avatar, Card, Col, Descriptions, Empty, Row, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Identity } from '../../../providers/auth';
import { useMenus } from '../../layout/MenuContext';
import { menuIconOf } from '../../layout/menuIcons';
import { isExternalPath, leafMenus } from '../../layout/menuTree';

/** Home: who is signed in, and one entry card per screen the user's menu offers. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: identity } = useGetIdentity<Identity>();
  const entries = leafMenus(useMenus());

  const open = (path: string) => (isExternalPath(path) ? window.open(path, '_blank', 'noopener') : navigate(path));

  return (
    <div className="welcome-page">
      <Card variant="borderless" className="welcome-page__greeting">
        <div className="welcome-page__who">
          <Avatar size={64} src={identity?.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={4}>{t('wel.greeting', { name: identity?.name ?? '' })}</Typography.Title>
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={t('wel.account')}>{identity?.account}</Descriptions.Item>
              <Descriptions.Item label={t('wel.tenant')}>{identity?.tenantId}</Descriptions.Item>
              <Descriptions.Item label={t('wel.role')}>{identity?.roleName}</Descriptions.Item>
            </Descriptions>
          </div>
        </div>
      </Card>
      <Card variant="borderless" title={t('wel.entries')}>
        {entries.length === 0 ? (
          <Empty description={t('wel.noEntries')} />
        ) : (
          <Row gutter={[16, 16]}>
            {entries.map((menu) => (
              <Col key={menu.id} xs={12} sm={8} md={6} lg={4}>
                <Card hoverable size="small" className="welcome-page__entry" onClick={() => open(menu.path)}>
                  <span className="welcome-page__entry-icon">{createElement(menuIconOf(menu.source))}</span>
                  <span className="welcome-page__entry-name">{menu.name}</span>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </div>
  );
}
