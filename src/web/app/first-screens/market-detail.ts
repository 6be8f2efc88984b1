// /market/detail's loader, a chunk of its own (../first-screen-loaders.ts).
export const LOADER = { '/market/detail': () => import('../../features/market/market-detail-screen') };
