import { useGetIdentity } from '@refinedev/core';
import { Avatar, Button, Card, Col, Descriptions, Row, Skeleton, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Identity } from '../../../providers/auth';
import { useMenus } from '../../layout/MenuContext';
import { leafMenus } from '../../layout/menuTree';
import { BarChart, LineChart } from '../../components/charts';
import { FigureCards } from './FigureCards';
import { FiguresLoadError } from './FiguresLoadError';
import { MenuEntryCards } from './MenuEntryCards';
import { useSessionNames } from '../info/useSessionNames';
import { shortDay, useStatusData } from './statusLabels';
import { useDashboardFigures } from './useDashboardFigures';
import './dashboard.css';

/** Home: who is signed in, the tenant's key figures and two charts, and one entry card per screen the menu offers. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: identity } = useGetIdentity<Identity>();
  // The token names roles by alias; people read their names.
  const { roleNames } = useSessionNames(identity ?? undefined);
  const entries = leafMenus(useMenus());
  const { figures, loading, failed, reload } = useDashboardFigures();
  const statusData = useStatusData();
  const noData = t('figures.noData');
  const runsTitle = t('figures.runsPerDay', { days: figures?.runsPerDay.length ?? 14 });

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
              <Descriptions.Item label={t('wel.role')}>{roleNames}</Descriptions.Item>
            </Descriptions>
          </div>
        </div>
      </Card>
      <section className="welcome-page__figures" aria-label={t('figures.title')}>
        {failed && <FiguresLoadError onRetry={reload} />}
        <FigureCards figures={figures} loading={loading} />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Card variant="borderless" title={t('figures.tasksByRunStatus')}>
              {loading ? (
                <Skeleton active />
              ) : (
                <BarChart
                  title={t('figures.tasksByRunStatus')}
                  data={statusData('task_run_status', figures?.tasks.byStatus ?? [])}
                  emptyText={noData}
                  height={200}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            <Card
              variant="borderless"
              title={runsTitle}
              extra={
                <Button type="link" onClick={() => navigate('/wel/dashboard')}>
                  {t('figures.openDashboard')}
                </Button>
              }
            >
              {loading ? (
                <Skeleton active />
              ) : (
                <LineChart
                  title={runsTitle}
                  data={(figures?.runsPerDay ?? []).map((day) => ({ label: shortDay(day.date), value: day.count }))}
                  emptyText={noData}
                  height={200}
                  labelEvery={2}
                />
              )}
            </Card>
          </Col>
        </Row>
      </section>
      <Card variant="borderless" title={t('wel.entries')}>
        <MenuEntryCards entries={entries} />
      </Card>
    </div>
  );
}
