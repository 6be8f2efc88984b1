import { MenuOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout, useMenu } from '@refinedev/core';
import { ThemedTitle } from '@refinedev/antd';
import { Button, Drawer, Grid, Layout, Menu, Typography } from 'antd';
import { useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { useKeyboardScrollRegions } from './scroll-regions';

const DRAWER_ID = 'admin-nav-drawer';

const Title = () => <ThemedTitle collapsed={false} text="Trove 寶庫 後台" icon={<span aria-hidden="true">寶</span>} />;

/** The resources' menu (Refine's useMenu): one link per screen, the current one selected. */
function NavMenu({ onNavigate, navRef }: { onNavigate?: () => void; navRef?: Ref<HTMLElement> }) {
  const { menuItems, selectedKey } = useMenu();
  return (
    <nav aria-label="後台選單" ref={navRef}>
      <Menu
        mode="inline"
        className="admin-menu"
        selectedKeys={selectedKey ? [selectedKey] : []}
        onClick={onNavigate}
        items={menuItems.map((item) => ({
          key: item.key,
          icon: item.meta?.icon as ReactNode,
          label: (
            <Link to={item.route ?? '/'}>{item.label ?? (item.meta?.label as string | undefined) ?? item.name}</Link>
          ),
        }))}
      />
    </nav>
  );
}

/**
 * The back office's frame. On a desktop (antd's `lg`, 992 px and up) the menu is a side bar; narrower, it collapses
 * into a drawer opened by 選單 in the header, so at 320 px the screen has the whole width (WCAG 1.4.10). The drawer is
 * a dialog: focus moves into it, Escape closes it, and focus goes back to 選單.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const narrow = screens.lg === false;
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const drawerNav = useRef<HTMLElement>(null);
  const { data: me } = useGetIdentity<{ name: string; phone: string }>();
  const { mutate: logout } = useLogout();
  useKeyboardScrollRegions();

  return (
    <Layout className="admin-layout" hasSider={!narrow}>
      {narrow ? null : (
        <Layout.Sider width={200} theme="light" className="admin-sider">
          <div className="admin-brand">
            <Title />
          </div>
          <NavMenu />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="admin-header">
          {narrow ? (
            <>
              <Button
                ref={opener}
                icon={<MenuOutlined aria-hidden="true" />}
                aria-expanded={open}
                aria-controls={open ? DRAWER_ID : undefined}
                aria-haspopup="dialog"
                onClick={() => setOpen(true)}
              >
                選單
              </Button>
              <div className="admin-header-brand">
                <Title />
              </div>
            </>
          ) : null}
          <div className="admin-header-user">
            {me ? <Typography.Text>{`${me.name}（${me.phone}）`}</Typography.Text> : null}
            <Button onClick={() => logout()}>登出</Button>
          </div>
        </Layout.Header>
        <Layout.Content className="admin-content">{children}</Layout.Content>
      </Layout>
      {narrow ? (
        <Drawer
          id={DRAWER_ID}
          open={open}
          onClose={() => setOpen(false)}
          afterOpenChange={(visible) => {
            // Open: focus on the current screen's link (antd would leave it on the drawer's frame); closed: back on 選單.
            if (visible)
              (
                drawerNav.current?.querySelector<HTMLElement>('.ant-menu-item-selected a') ??
                drawerNav.current?.querySelector<HTMLElement>('a')
              )?.focus();
            else opener.current?.focus();
          }}
          placement="left"
          width={260}
          title="後台選單"
          closable={{ 'aria-label': '關閉選單' }}
          styles={{ body: { padding: 0 } }}
        >
          <NavMenu navRef={drawerNav} onNavigate={() => setOpen(false)} />
        </Drawer>
      ) : null}
    </Layout>
  );
}
