// /market/user's loader, a chunk of its own (../first-screen-loaders.ts).
export const LOADER = { '/market/user': () => import('../../features/market/market-user-screen') };
