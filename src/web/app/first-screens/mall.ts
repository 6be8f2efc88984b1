// /mall's loader, a chunk of its own (../first-screen-loaders.ts).
export const LOADER = { '/mall': () => import('../../features/mall/mall-screen') };
