import { SCREENS, type Screen, screenByKey } from '@mandira/contract/screens';
import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredLoader } from '../lib/pages/centered-loader.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { SIGN_IN_ALIASES, SIGN_OUT_ALIASES } from './paths.ts';
import { ProtectedScreen } from './protected-screen.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { SignOutPage } from './sign-out-page.tsx';

// Everything behind the sign-in (shell, menu, modals, dates) is a chunk of its own.
const PageShell = lazyScreen(() => import('./page-shell.tsx'));

function screenRoute(path: string, screen: Screen): RouteObject {
  // Keyed by screen so that moving between screens re-runs the access check.
  return { path, element: <ProtectedScreen key={screen.key} screen={screen} /> };
}

/** Every path of every screen in the contract (aliases included); '/' is the dashboard. */
export function screenRoutes(): RouteObject[] {
  return [
    screenRoute('/', screenByKey('dashboard')),
    ...SCREENS.flatMap((screen) => screen.paths.map((path) => screenRoute(path, screen))),
  ];
}

export function createRouter() {
  return createBrowserRouter([
    ...SIGN_IN_ALIASES.map((path) => ({ path, element: <SignInPage /> })),
    ...SIGN_OUT_ALIASES.map((path) => ({ path, element: <SignOutPage /> })),
    {
      element: (
        <Suspense fallback={<CenteredLoader />}>
          <PageShell />
        </Suspense>
      ),
      errorElement: <RouteErrorPage />,
      children: screenRoutes(),
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
