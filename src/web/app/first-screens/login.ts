// /login's loader, a chunk of its own (../first-screen-loaders.ts).
export const LOADER = { '/login': () => import('../../features/auth/login-screen') };
