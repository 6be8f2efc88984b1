// /mall/detail's loader, a chunk of its own (../first-screen-loaders.ts).
export const LOADER = { '/mall/detail': () => import('../../features/mall/card-detail-screen') };
