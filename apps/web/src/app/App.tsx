import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query';
import { useUiSettings } from '../lib/ui-settings';
import type { createRouter } from './router';

/**
 * The root: data and routes. Ant Design's provider (theme, direction,
 * toasts) is not here but in `AntdFrame`, which the router puts around every
 * page that uses Ant Design (see `Framed` in guards.tsx).
 */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  const { theme } = useUiSettings();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
