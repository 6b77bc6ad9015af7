import { Space } from 'antd';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { ErrorLogButton } from '../errorlog/ErrorLogButton';
import { ColorPicker } from './ColorPicker';
import { FullscreenToggle } from './FullscreenToggle';
import { LockButton } from './LockButton';
import { NoticePopover } from './NoticePopover';
import { ThemePicker } from './ThemePicker';
import { UserMenu } from './UserMenu';

/** The right-hand tools of the header (spec §1, §2 Shell), in Saber's order. */
export function HeaderTools() {
  return (
    <Space size={4} className="header-tools">
      <ErrorLogButton />
      <NoticePopover />
      <ColorPicker />
      <ThemePicker />
      <LockButton />
      <FullscreenToggle />
      <LanguageSwitch />
      <UserMenu />
    </Space>
  );
}
