import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuName, useMenuState, useOpenMenu } from '../MenuContext';
import { searchMenus } from './menuSearch';

/** The header's autocomplete: the same prefix search as the panel; choosing a screen opens it. */
export function TopSearch() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const { allMenus } = useMenuState();
  const nameOf = useMenuName();
  const openMenu = useOpenMenu();
  const results = useMemo(
    () => (query.trim() ? searchMenus(allMenus, query, nameOf) : []),
    [allMenus, query, nameOf],
  );

  return (
    <AutoComplete
      className="top-search"
      value={query}
      options={results.map((menu) => ({ value: menu.id, label: nameOf(menu) }))}
      onSearch={setQuery}
      onSelect={(id: string) => {
        const menu = results.find((result) => result.id === id);
        setQuery('');
        if (menu) openMenu(menu);
      }}
    >
      <Input prefix={<SearchOutlined />} placeholder={t('nav.topSearchPlaceholder')} aria-label={t('nav.topSearch')} />
    </AutoComplete>
  );
}
