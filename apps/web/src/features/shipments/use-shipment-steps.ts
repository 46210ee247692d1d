import { type ShipmentAction, shipmentMachine } from '@mandira/contract/shipment-machine';
import type { Shipment } from '@mandira/contract/shipments';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { confirmAction } from '../../lib/modals/confirm.tsx';
import { useShipmentAction } from './api.ts';

/** Steps that undo work or cannot be taken back: asked before they run. */
const CONFIRMATIONS: Partial<Record<ShipmentAction, (code: string) => string>> = {
  DO_PARKING: (code) => `${code} sevkiyatı park edilecek. Emin misiniz?`,
  STOP_LOADING: (code) => `${code} sevkiyatının yüklemesi durdurulup hazırlığa alınacak. Emin misiniz?`,
  RECHECK: (code) =>
    `${code} sevkiyatı yeniden yük kontrolüne alınacak; tartım sonucu geçersiz olur. Emin misiniz?`,
  START_DELIVERY: (code) => `${code} sevkiyatı yola çıkacak; bu adım geri alınamaz. Emin misiniz?`,
  COMPLETE_DELIVERY: (code) => `${code} sevkiyatı teslim edildi olarak kapatılacak. Emin misiniz?`,
  SET_AS_RETURNING_TO_WAREHOUSE: (code) =>
    `${code} sevkiyatı teslim edilemedi olarak depoya dönüyor diye işaretlenecek. Emin misiniz?`,
};

/** Backward or ending steps are shown in red. */
export const DANGEROUS_ACTIONS: readonly ShipmentAction[] = [
  'DO_PARKING',
  'STOP_LOADING',
  'RECHECK',
  'SET_AS_RETURNING_TO_WAREHOUSE',
];

export type ShipmentStep = {
  shipment: Shipment;
  action: ShipmentAction;
  loadedWeightInTons?: number;
  targetShipmentId?: number;
};

/**
 * Runs one step of a shipment at a time (no double submit); success is told with the status the
 * server answered, a refusal with its Turkish reason. Answers whether the step was taken.
 */
export function useShipmentSteps() {
  const act = useShipmentAction();
  const step = useSubmitGuard(async ({ shipment, action, ...extra }: ShipmentStep): Promise<boolean> => {
    const question = CONFIRMATIONS[action];
    if (question) {
      const confirmed = await confirmAction({
        title: shipmentMachine.actionLabel(action),
        message: question(shipment.shipmentCode),
        confirmLabel: shipmentMachine.actionLabel(action),
        cancelLabel: 'Vazgeç',
        danger: DANGEROUS_ACTIONS.includes(action),
      });
      if (!confirmed) return false;
    }
    try {
      const after = await act.mutateAsync({ id: shipment.id, action, ...extra });
      // A weight outside tolerance is stored, but the truck may not leave with it: said in red.
      notifications.show(
        action === 'COMPLETE_WEIGHT_CHECK' && after.weightWarning
          ? {
              color: 'red',
              title: `${shipment.shipmentCode}: ${after.statusDetail.label}, tolerans dışında`,
              message: after.weightWarning,
              autoClose: 12_000,
            }
          : { color: 'green', message: `${shipment.shipmentCode}: ${after.statusDetail.label}` },
      );
      return true;
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'İşlem yapılamadı',
        message: errorMessage(error),
        autoClose: 8000,
      });
      return false;
    }
  });
  return { run: step.run, submitting: step.submitting };
}
