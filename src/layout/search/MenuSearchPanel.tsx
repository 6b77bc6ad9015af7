import { SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Tooltip } from 'antd';
import { createElement, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../providers/access';
import { useMenuName, useMenuState, useOpenMenu } from '../MenuContext';
import { menuIconOf } from '../menuIcons';
import { searchMenus } from './menuSearch';
import './search.css';
import { useOpenedOnce } from '../../components/useOpenedOnce';

/** Header button opening a panel of every screen, filtered as one types; Esc closes, Enter or a click opens. */
export function MenuSearchPanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const openOpened = useOpenedOnce(open);
  const [query, setQuery] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const { allMenus } = useMenuState();
  const nameOf = useMenuName();
  const openMenu = useOpenMenu();
  const results = useMemo(() => searchMenus(allMenus, query, nameOf), [allMenus, query, nameOf]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setHighlighted(0);
  };
  const choose = (menu: MenuItem) => {
    close();
    openMenu(menu);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setHighlighted((index) => Math.min(index + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setHighlighted((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter' && results[highlighted]) choose(results[highlighted]);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <Tooltip title={t('nav.searchMenu')}>
        <Button type="text" icon={<SearchOutlined />} aria-label={t('nav.searchMenu')} onClick={() => setOpen(true)} />
      </Tooltip>
      {openOpened && (
        <Modal
          open={open}
          onCancel={close}
          footer={null}
          closable={false}
          destroyOnHidden
          className="menu-search"
          title={t('nav.searchMenu')}
        >
          <Input
            autoFocus
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('nav.searchPlaceholder')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setHighlighted(0);
            }}
            onKeyDown={onKeyDown}
          />
          {results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nav.searchEmpty')} />
          ) : (
            <ul className="menu-search__results" role="listbox" aria-label={t('nav.searchMenu')}>
              {results.map((menu, index) => (
                <li
                  key={menu.id}
                  role="option"
                  aria-selected={index === highlighted}
                  className={index === highlighted ? 'menu-search__item menu-search__item--active' : 'menu-search__item'}
                  onMouseEnter={() => setHighlighted(index)}
                  onClick={() => choose(menu)}
                >
                  <span className="menu-search__icon">{createElement(menuIconOf(menu.source))}</span>
                  <span className="menu-search__name">{nameOf(menu)}</span>
                  <span className="menu-search__path">{menu.path}</span>
                </li>
              ))}
            </ul>
          )}
        </Modal>
      )}
    </>
  );
}
