// Forex and gold board (spec section 2: /forex), loaded on demand so its code stays out of the
// other screens' bundles; the module guard (admin, manager, staff) is inside the lazy chunk.
import type { RouteObject } from 'react-router';
import { PageLoader } from '../../components/page-loader';

export const forexRoutes: RouteObject[] = [
  {
    path: '/forex',
    // Shown while the chunk loads when /forex is the first page opened.
    hydrateFallbackElement: <PageLoader />,
    lazy: async () => {
      const { ForexRoute } = await import('./components/forex-page');
      return { Component: ForexRoute };
    },
  },
];
