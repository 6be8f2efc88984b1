import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAntdMobileRender } from './app/antd-render';
import { App } from './app/app';
import './app/global.css';

installAntdMobileRender();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
