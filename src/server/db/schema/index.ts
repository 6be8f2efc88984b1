export * from './users';
export * from './content';
export * from './catalogue';
export * from './items';
export * from './pay-orders';
export * from './codes';
export * from './addresses';
export * from './shipments';
