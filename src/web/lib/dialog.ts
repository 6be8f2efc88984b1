// antd-mobile's Dialog on its own, for code that only needs it once a dialog is already open (app/modal-focus.ts):
// imported on demand there, so the keyboard handling does not download Dialog (and its image, button and popup
// parts) on every page.
export { Dialog } from 'antd-mobile';
