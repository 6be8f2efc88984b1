// antd-mobile's overlays (with their animation and gesture libraries): a chunk loaded on first use (lib/overlays.ts).
export { Dialog, Popup } from 'antd-mobile';
