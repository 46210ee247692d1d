import { AcceptShipmentLoadsBody } from '../loading.ts';
import { operation } from '../operation.ts';
import { ShipmentContent, ShipmentIdParams } from '../shipments.ts';

// The calls on a whole shipment's loads: accepting them all (answering the shipment's content) and its
// dispatch note. They stand with the warehouse and load-acceptance calls in the API documents.
const tags = ['Depo ve yükleme'];

export const acceptAllShipmentLoads = operation({
  operationId: 'acceptAllShipmentLoads',
  method: 'PUT',
  path: '/shipments/:id/accept-loads',
  tags,
  summary: 'Sevkiyattaki kalemlerin yüklemelerini topluca kabul eder',
  description:
    "All or nothing: one item refused refuses them all, naming it. Answers the shipment's content.",
  access: 'SHIPMENT_LOAD_ACCEPTANCE',
  params: ShipmentIdParams,
  body: AcceptShipmentLoadsBody,
  answer: ShipmentContent,
  errors: [404, 409],
});

export const getShipmentDispatchNote = operation({
  operationId: 'getShipmentDispatchNote',
  method: 'GET',
  path: '/shipments/:id/dispatch-note.pdf',
  tags,
  summary: 'Sevkiyatın sevk irsaliyesini PDF olarak verir',
  access: ['SHIPMENT_MANAGEMENT', 'SHIPMENT_LOAD_ACCEPTANCE'],
  params: ShipmentIdParams,
  answer: {
    kind: 'file',
    mediaType: 'application/pdf',
    description: 'The dispatch note (sevk irsaliyesi) of the shipment, as an attachment.',
  },
  errors: [404],
});
