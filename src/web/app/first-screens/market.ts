// /market's loader, a chunk of its own (../first-screen-loaders.ts).
export const LOADER = { '/market': () => import('../../features/market/market-screen') };
