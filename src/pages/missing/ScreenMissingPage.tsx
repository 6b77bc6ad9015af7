import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { siteConfig } from '../../../providers/config';
import { PageLoading } from '../../components/PageLoading';
import { useMenuName, useMenuState } from '../../layout/MenuContext';
import { menuByPath } from '../../layout/menuTree';

/**
 * A menu entry of the role whose screen this build does not have: said inside the layout, with the sidebar and tabs
 * kept. An address no menu lists is the full-screen 404.
 */
export default function ScreenMissingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { allMenus, loaded } = useMenuState();
  const menuName = useMenuName();
  const menu = menuByPath(allMenus, pathname);
  if (!menu) return loaded ? <Navigate to="/404" replace /> : <PageLoading />;
  return (
    <Result
      className="screen-missing"
      status="info"
      title={t('crud.screenMissing.title')}
      subTitle={t('crud.screenMissing.body', { name: menuName(menu) })}
      extra={
        <Button type="primary" onClick={() => void navigate(siteConfig.homePath)}>
          {t('crud.screenMissing.back')}
        </Button>
      }
    />
  );
}
