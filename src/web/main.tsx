import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadToast } from './lib/request';
import './app/global.css';

// antd-mobile's Toast and Dialog need a React 19 render (lib/antd-render.ts): a chunk of its own, asked for at
// once but not waited for; the toast module installs it too before it shows anything.
void import('./lib/antd-render').then((m) => m.installAntdMobileRender());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The request client's toast is its own chunk (lib/request.ts): fetch it once the first screen has loaded,
// so it is ready before the first call that shows it.
const warmUp = () => void loadToast();
if (document.readyState === 'complete') setTimeout(warmUp, 0);
else window.addEventListener('load', () => setTimeout(warmUp, 0), { once: true });
