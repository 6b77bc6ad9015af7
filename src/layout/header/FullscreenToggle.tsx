import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Enters or leaves fullscreen (Fullscreen API); the icon follows the real state, including Esc. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const follow = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  const toggle = () => {
    // A refused request (no user gesture, or an iframe without permission) leaves the state unchanged.
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    request.catch(() => undefined);
  };

  const label = t(fullscreen ? 'tools.exitFullscreen' : 'tools.fullscreen');
  return (
    <Button
      type="text"
      icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={label}
      title={label}
      onClick={toggle}
    />
  );
}
