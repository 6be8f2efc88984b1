import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAntdMobileRender } from './app/antd-render';
import { App } from './app/app';
import { installModalFocus } from './app/modal-focus';
import { installToastAnnouncer } from './app/toast-announcer';
import './app/global.css';

installAntdMobileRender();
installModalFocus();
installToastAnnouncer();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
