/**
 * The stack's floor for `bench:lighthouse` (decision 035): React 19 and React Router 7, rendered as the app renders
 * (createRoot, a transition, browser history), drawing the same list as static.html and nothing else. What this page
 * scores on a host is the most the app's stack can score there.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const ITEMS = Array.from({ length: 10 }, (_, i) => ({ name: `天星小輪 第 ${i + 1} 號`, price: 120 + i * 5 }));

function List() {
  return (
    <main>
      <h1>精選卡牌</h1>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.name}>
            <span>{item.name}</span>
            <span>HK$ {item.price}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <List /> }]);
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
