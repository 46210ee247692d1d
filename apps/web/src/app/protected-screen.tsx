import type { Screen, ScreenKey } from '@mandira/contract/screens';
import { Suspense, useEffect } from 'react';
import { CenteredLoader } from '../lib/pages/centered-loader.tsx';
import { ScreenNotReady } from './screen-not-ready.tsx';
import { SCREEN_PAGES } from './screen-registry.tsx';
import { usePageAccess } from './use-page-access.ts';

/** A screen's page, shown only once the server has confirmed the user may open it. */
export function ProtectedScreen({ screen }: { screen: Screen }) {
  const granted = usePageAccess(screen.access);
  const Page = SCREEN_PAGES[screen.key as ScreenKey];

  useEffect(() => {
    document.title = `${screen.label} | Mandıra Portal`;
  }, [screen.label]);

  if (!granted) return <CenteredLoader label="Yetki kontrol ediliyor..." />;
  if (!Page) return <ScreenNotReady label={screen.label} />;
  return (
    <Suspense fallback={<CenteredLoader />}>
      <Page />
    </Suspense>
  );
}
