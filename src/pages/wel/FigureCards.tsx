import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { DesktopOutlined, PlayCircleOutlined, ProjectOutlined, ScheduleOutlined } from '@ant-design/icons';
import { createElement, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DashboardFigures } from '../../../resources/wire';
import { useMenus } from '../../layout/MenuContext';
import { menuByPath } from '../../layout/menuTree';

interface Figure {
  key: string;
  titleKey: string;
  icon: ComponentType;
  value: (figures: DashboardFigures) => number;
  /** The list screen behind the figure. */
  path: string;
  /** The menu screen a user must hold to see the figure (the list's own, or the one its rows belong to). */
  menuPath: string;
}

const FIGURES: Figure[] = [
  { key: 'projects', titleKey: 'figures.projects', icon: ProjectOutlined, value: (f) => f.projects.total, path: '/test/project', menuPath: '/test/project' },
  { key: 'tasks', titleKey: 'figures.tasks', icon: ScheduleOutlined, value: (f) => f.tasks.total, path: '/test/task', menuPath: '/test/task' },
  {
    key: 'terminals',
    titleKey: 'figures.terminals',
    icon: DesktopOutlined,
    value: (f) => f.terminals.total,
    path: '/test/terminal',
    menuPath: '/test/terminal',
  },
  {
    key: 'runsToday',
    titleKey: 'figures.runsToday',
    icon: PlayCircleOutlined,
    value: (f) => f.runsToday,
    path: '/test/taskrecord',
    // Task records have no menu of their own: they are the runs of the tasks.
    menuPath: '/test/task',
  },
];

/** The key figures the user's menu covers, as cards; each opens the list it counts. */
export function FigureCards({ figures, loading }: { figures?: DashboardFigures; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = useMenus();
  const shown = FIGURES.filter((figure) => menuByPath(menus, figure.menuPath));
  return (
    <Row gutter={[16, 16]} className="figure-cards">
      {shown.map((figure) => (
        <Col key={figure.key} xs={12} md={6}>
          <Card
            hoverable
            size="small"
            variant="borderless"
            className={`figure-card figure-card--${figure.key}`}
            data-figure={figure.key}
            onClick={() => navigate(figure.path)}
          >
            <span className="figure-card__icon" aria-hidden>
              {createElement(figure.icon)}
            </span>
            {loading ? (
              <Skeleton active paragraph={false} title={{ width: '60%' }} />
            ) : (
              // Without figures (the load failed) the card says so with a dash rather than a wrong 0.
              <Statistic title={t(figure.titleKey)} value={figures ? figure.value(figures) : '-'} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
