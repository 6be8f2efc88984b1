import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ROUTE_PATHS, type RoutePath } from '../../shared/routes';
import { SpriteIcon, type SpriteIconName } from '../components/sprite-icon';
import { SCREENS } from './screens';
import { NotificationBell, TabBadge } from './notification-bell';
import { APP_NAME, TABS as TAB_ITEMS } from './tabs';
import { useSignedIn } from './unread-count';

const TABS: readonly { to: string; label: string; icon: SpriteIconName }[] = TAB_ITEMS;
const TAB_PATHS = new Set<string>(TABS.map((t) => t.to));
const KNOWN = new Set<string>(ROUTE_PATHS);

function routeOf(pathname: string): RoutePath | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN.has(path) ? (path as RoutePath) : null;
}

/**
 * The global layout (seed §2): top bar with the title and back, the screen, the tab bar on main screens.
 * The server draws the same top bar and tab bar into the page until this replaces them (plugins/web.ts): keep
 * the two in step.
 */
export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = routeOf(location.pathname);
  const title = route ? SCREENS[route].title : '找不到頁面';
  const isTab = route !== null && TAB_PATHS.has(route);
  const mainRef = useRef<HTMLElement>(null);
  const signedIn = useSignedIn();

  useEffect(() => {
    document.title = route === '/' ? APP_NAME : `${title} - ${APP_NAME}`;
  }, [route, title]);

  // A new screen: move focus to it so screen readers announce it and keyboard users start there.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const goBack = () => {
    // location.key is "default" on the first page of the visit: there is nothing in the app to go back to.
    if (location.key !== 'default') navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    // data-live: drawn by React (the page's HTML may hold a server-drawn copy of the bars until then; browser tests wait for this).
    <div className="app-shell" data-live="">
      <header className="app-header">
        {/* A plain top bar: antd-mobile's NavBar wraps its left slot in role="button", which would nest our back button. */}
        <div className="nav-bar">
          <div className="nav-bar-side">
            {isTab ? null : (
              <button type="button" className="icon-button" onClick={goBack} aria-label="返回">
                <SpriteIcon name="left" />
              </button>
            )}
          </div>
          <h1 className="app-title">{title}</h1>
          <div className="nav-bar-side nav-bar-end">{signedIn && <NotificationBell />}</div>
        </div>
      </header>
      <main className={isTab ? 'app-main with-tabs' : 'app-main'} ref={mainRef} tabIndex={-1} aria-label={title}>
        <Outlet />
      </main>
      {isTab && (
        <nav className="tab-bar" aria-label="主選單">
          {TABS.map(({ to, label, icon }) => (
            <NavLink
              key={to}
              to={to}
              end={to === '/'}
              className={({ isActive }) => (isActive ? 'tab-bar-item active' : 'tab-bar-item')}
            >
              <SpriteIcon name={icon} className="tab-bar-icon" />
              <span className="tab-bar-label">
                {label}
                {to === '/my' && signedIn && <TabBadge />}
              </span>
            </NavLink>
          ))}
        </nav>
      )}
    </div>
  );
}
