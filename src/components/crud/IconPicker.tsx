import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Space } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, menuIconOf } from '../../layout/menuIcons';

interface IconPickerProps {
  value?: string;
  onChange?(value: string): void;
  id?: string;
  'aria-required'?: boolean;
  'aria-label'?: string;
}

/**
 * An icon name picked from a searchable grid of the icons the menus can render (a menu's or top menu's `source`).
 * Loaded with the form that needs it.
 */
export default function IconPicker({ value, onChange, id, 'aria-required': required, 'aria-label': label }: IconPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const names = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? MENU_ICON_NAMES.filter((name) => name.toLowerCase().includes(needle)) : MENU_ICON_NAMES;
  }, [query]);
  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          aria-required={required}
          aria-label={label}
          readOnly
          value={value ?? ''}
          placeholder={t('crud.iconPick')}
          prefix={value ? createElement(menuIconOf(value)) : undefined}
          suffix={value ? <CloseCircleFilled className="icon-picker-clear" onClick={() => onChange?.('')} /> : undefined}
          onClick={() => setOpen(true)}
          className="icon-picker-input"
        />
        <Button onClick={() => setOpen(true)} data-testid="icon-picker-open">
          {t('crud.iconPick')}
        </Button>
      </Space.Compact>
      <Modal open={open} title={t('crud.iconPick')} footer={null} width={680} onCancel={() => setOpen(false)} destroyOnHidden>
        <Input.Search allowClear autoFocus placeholder={t('crud.iconSearch')} value={query} onChange={(event) => setQuery(event.target.value)} />
        {names.length === 0 ? (
          <Empty description={t('crud.iconNone')} />
        ) : (
          <div className="icon-picker-grid" role="listbox">
            {names.map((name) => (
              <button
                key={name}
                type="button"
                role="option"
                aria-selected={name === value}
                data-icon={name}
                title={name}
                className={name === value ? 'icon-picker-cell icon-picker-cell-active' : 'icon-picker-cell'}
                onClick={() => pick(name)}
              >
                {createElement(menuIconOf(name))}
                <span>{name.replace(/Outlined$/, '')}</span>
              </button>
            ))}
          </div>
        )}
      </Modal>
    </>
  );
}
