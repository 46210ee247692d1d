import * as shipmentLoads from '@mandira/contract/operations/shipments-loads';
import { notifications } from '@mantine/notifications';
import { fileOf } from '../../api/client.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';

/**
 * Opens a shipment's dispatch note (`getShipmentDispatchNote`) in a new tab. The PDF
 * needs the auth token, so it is fetched as a file and shown from memory; the tab is opened on the
 * click itself, before the wait, so that the browser does not take it for an unasked pop-up.
 */
export async function openDispatchNote(shipment: { id: number; shipmentCode: string }): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const pdf = await fileOf(shipmentLoads.getShipmentDispatchNote, { params: { id: shipment.id } });
    const url = URL.createObjectURL(pdf);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has read it by then; the memory is given back.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    notifications.show({
      color: 'red',
      title: `${shipment.shipmentCode} sevk irsaliyesi açılamadı`,
      message: errorMessage(error),
      autoClose: 8000,
    });
  }
}
