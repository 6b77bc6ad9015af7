import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { RecordViewProps } from '../../src/components/crud/descriptor';
import { screenPathOf, screenViewOf } from '../routing';
import { DictItemsPanel } from './DictItemsPanel';
import './dict.css';

/**
 * 字典配置: the items of the dictionary over the list, at `<route>/:id/items`; an item's form at `…/items/new`,
 * `…/items/:itemId` and `…/items/:itemId/edit`, so a reload or a copied link reopens it.
 */
export default function DictItemsDrawer({ schema, id, base, onClose }: RecordViewProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const view = screenViewOf(base, pathname);
  return (
    <Drawer open title={t(`${schema.name}.operations.items`)} width="70%" onClose={onClose} destroyOnHidden className="dict-items-drawer">
      <DictItemsPanel
        schema={schema}
        parentId={id}
        view={view}
        openForm={(mode, itemId) => void navigate({ pathname: screenPathOf(base, { mode, id: itemId === undefined ? undefined : String(itemId) }), search })}
        closeForm={() => void navigate({ pathname: base, search })}
      />
    </Drawer>
  );
}
