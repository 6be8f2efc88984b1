// antd-mobile's Toast (with its mask and animation library), loaded apart from the first screen: see request.ts.
import { Toast } from 'antd-mobile';
import { installAntdMobileRender } from './antd-render';

installAntdMobileRender();

export { Toast };
