/**
 * The tab bar's items (seed §2). Plain data with no imports: the layout renders them, and the build copies them
 * (with each route's title) into `.vite/route-preloads.json`, from which the server draws the same top bar and
 * tab bar into the page before the script has run (src/server/plugins/web.ts).
 */
export const TABS = [
  { to: '/', label: '首頁', icon: 'app' },
  { to: '/mall', label: '商城', icon: 'shopbag' },
  { to: '/market', label: '市場', icon: 'team' },
  { to: '/my', label: '我的', icon: 'user' },
] as const;

export const APP_NAME = 'Trove 寶庫';
