import { expect, test } from '@playwright/test';
import { operatorSession, sweep, visit, type Visit } from './a11y-sweep';
import { narrowThenLargeTextChecks } from './sweep-checks';
import { expectNoAxeViolations } from './axe';
import { desktopPage } from './back-office';
import { ADMIN_SCREENS } from './screens';

test('a11y: every back-office screen and dialog at 320 px: no sideways scroll, a focus indicator at every Tab stop, targets of 24 px, Chinese names, a title; then at 200 % text: nothing clipped, overlapping or scrolling sideways', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  await sweep(browser, 320, 'admin', narrowThenLargeTextChecks);
});

/** The back office (/admin, its own entry): axe on every screen and dialog of ADMIN_SCREENS at the desktop size it is built for. */
test('axe: every back-office screen has no WCAG 2.2 AA violation', async ({ browser }) => {
  test.setTimeout(480_000);
  const page = await desktopPage(browser, test.info().project.use.baseURL);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoAxeViolations(page, '/admin/login');

  // Signed in with the session a sign-up answers (the sign-in screen's own journey is in admin.spec.ts).
  const session = await operatorSession(page.request);
  await page.evaluate((value) => localStorage.setItem('trove.admin.session', JSON.stringify(value)), session);
  // `:user`: a user who is not an operator (an operator cannot disable their own account).
  const users = (await (
    await page.request.get('/api/admin/users?page=1&pageSize=50', {
      headers: { Authorization: `Bearer ${session.token}` },
    })
  ).json()) as { data: { id: string; roles: string[]; status: string }[] };
  const user = users.data.find((u) => !u.roles.includes('admin') && u.status === 'active')!.id;
  for (const s of ADMIN_SCREENS.filter((x) => !x.signedOut)) {
    const v: Visit = {
      name: s.path,
      url: `${s.path.replace(':user', user)}${s.query ?? ''}`,
      signedIn: true,
      admin: true,
      ...(s.open ? { open: s.open } : {}),
    };
    await visit(page, v);
    await expectNoAxeViolations(page, `${s.path}${s.open ? ` (${String(s.open)})` : ''}`);
  }
});
