import { Drawer } from 'antd';
import { useEffect, useRef } from 'react';
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
  // A form closes when its save has been answered and the lists refreshed: by then the user may be elsewhere.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  // antd closes a drawer on Esc only while focus is inside it; once an item's form has closed, focus is back on the
  // page, and Esc must still close the drawer (when nothing is open over it).
  const listShown = view.kind === 'list';
  useEffect(() => {
    if (!listShown) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      const focused = document.activeElement;
      if (event.key !== 'Escape' || event.defaultPrevented || (focused && focused !== document.body)) return;
      onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [listShown, onClose]);
  return (
    <Drawer open title={t(`${schema.name}.operations.items`)} width="70%" onClose={onClose} destroyOnHidden className="dict-items-drawer">
      <DictItemsPanel
        schema={schema}
        parentId={id}
        view={view}
        openForm={(mode, itemId) => void navigate({ pathname: screenPathOf(base, { mode, id: itemId === undefined ? undefined : String(itemId) }), search })}
        closeForm={() => shown.current && void navigate({ pathname: base, search })}
      />
    </Drawer>
  );
}
