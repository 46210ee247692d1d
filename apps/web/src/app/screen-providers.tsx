import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import type { ReactNode } from 'react';
import notificationClasses from './notifications.module.css';

dayjs.locale('tr');

/**
 * What the screens need around them (Turkish dates, confirmation modals, notifications), loaded with
 * the page shell rather than with the sign-in page, which needs none of it.
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'tr', firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: 'Onayla', cancel: 'Vazgeç' }}>
        {/* Below the header, so a toast never hides the user's name or 'Çıkış'. */}
        <Notifications position="top-right" classNames={notificationClasses} />
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}
