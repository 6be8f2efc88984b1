// antd-mobile's ErrorBlock pictures (about 2.5 KB gzip each), fetched only when a state block shows one.
export { emptyImage } from 'antd-mobile/es/components/error-block/images/empty';
export { defaultImage } from 'antd-mobile/es/components/error-block/images/default';
