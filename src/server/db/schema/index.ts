// Every table, for the Drizzle client and drizzle-kit. Each file holds the tables one module owns
// (docs/decisions/006-table-ownership.md); repositories import their own file, not this barrel.
export * from './auth';
export * from './content';
export * from './catalogue';
export * from './cards';
export * from './goods';
export * from './pay-orders';
export * from './payments';
export * from './codes';
export * from './collection';
export * from './identity';
export * from './wallet';
export * from './market';
export * from './addresses';
export * from './shipments';
export * from './audit';
export * from './uploads';
export * from './standing';
export * from './perks';
export * from './watch';
export * from './search';
export * from './notifications';
export * from './alerts';
export * from './offers';
export * from './portfolio';
export * from './packs';
