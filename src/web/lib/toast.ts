// antd-mobile's Toast (with its mask and animation library), loaded apart from the first screen: see request.ts.
import { Toast } from 'antd-mobile';
import { installAntdMobileRender } from './antd-render';
import { installToastAnnouncer } from './toast-announcer';

installAntdMobileRender();
// The toasts' live region comes with them: every screen but "/" waits for this module before it shows, and "/"
// fetches it a few seconds after load (main.tsx), so the region is there before the first toast.
installToastAnnouncer();

export { Toast };
