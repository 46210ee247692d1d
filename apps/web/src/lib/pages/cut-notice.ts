import { notifications } from '@mantine/notifications';
import { type BoundedRows, cutMessage } from '../../api/bounded.ts';

/** The rows to export, after telling the user when the server cut the list (decision 113). */
export function rowsNoticingCut<T>({ rows, extent }: BoundedRows<T>, noun: string): T[] {
  const message = cutMessage(extent, noun);
  if (message) notifications.show({ color: 'yellow', title: 'Liste kısaltıldı', message, autoClose: false });
  return rows;
}
