import {
  CANCEL_ACTION_OF_STATUS,
  type OrderAction,
  type OrderCancelAction,
  orderItemMachine,
  orderMachine,
} from '@mandira/contract/order-machines';
import type { Order, OrderItem } from '@mandira/contract/orders';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { confirmAction } from '../../lib/modals/confirm.tsx';
import { type ItemStep, useItemStep, useOrderAction, useUpdateOrder } from './api.ts';

export type OrderStep =
  | { kind: 'item'; order: Order; item: OrderItem; action: ItemStep['action']; quantity?: number }
  | { kind: 'order'; order: Order; action: OrderAction | OrderCancelAction };

const CANCELED_STATUS_OF_ACTION = Object.fromEntries(
  Object.entries(CANCEL_ACTION_OF_STATUS).map(([status, action]) => [action, status]),
) as Record<OrderCancelAction, keyof typeof CANCEL_ACTION_OF_STATUS>;

const isCancelAction = (action: string): action is OrderCancelAction => action in CANCELED_STATUS_OF_ACTION;

/**
 * Steps that cannot be taken back from the same screen ask first: cancelling a line, and completing
 * the order, which closes it for good.
 */
function confirmationOf(chosen: OrderStep): Parameters<typeof confirmAction>[0] | null {
  const { order } = chosen;
  if (chosen.kind === 'item' && chosen.action === 'CANCEL') {
    return {
      title: orderItemMachine.actionLabel('CANCEL'),
      message: `${order.orderNumber} numaralı siparişin "${chosen.item.productName}" kalemi iptal edilecek ve ayrılan stok serbest kalacak. Emin misiniz?`,
      confirmLabel: 'Kalemi İptal Et',
      danger: true,
    };
  }
  if (chosen.kind === 'order' && chosen.action === 'COMPLETE') {
    return {
      title: orderMachine.actionLabel('COMPLETE'),
      message: `${order.orderNumber} numaralı sipariş tamamlandı olarak kapatılacak; bundan sonra kalemleri değiştirilemez. Emin misiniz?`,
      confirmLabel: 'Siparişi Tamamla',
    };
  }
  return null;
}

/**
 * The review steps of the order screen, one at a time: while one runs every button waits (no double
 * submit). Success is told with the status the server answered; a refusal with its Turkish message.
 */
export function useOrderSteps() {
  const itemStep = useItemStep();
  const orderAction = useOrderAction();
  const updateOrder = useUpdateOrder();

  const step = useSubmitGuard(async (chosen: OrderStep): Promise<boolean> => {
    const { order } = chosen;
    const confirmation = confirmationOf(chosen);
    if (confirmation && !(await confirmAction({ cancelLabel: 'Vazgeç', ...confirmation }))) return false;
    try {
      if (chosen.kind === 'item') {
        const { item, action, quantity } = chosen;
        const orders = await itemStep.mutateAsync({ orderId: order.id, itemId: item.id, action, quantity });
        const after = orders.find((one) => one.id === order.id)?.orderItems.find((one) => one.id === item.id);
        notifications.show({
          color: 'green',
          message: `${item.productName}: ${after?.statusDescription.label ?? orderItemMachine.actionLabel(action)}`,
        });
        return true;
      }
      const { action } = chosen;
      let orders: Order[];
      if (isCancelAction(action)) {
        const confirmed = await confirmAction({
          title: orderMachine.actionLabel(action),
          message: `${order.orderNumber} numaralı sipariş iptal edilecek ve ayrılan stok serbest kalacak. Emin misiniz?`,
          confirmLabel: 'Siparişi İptal Et',
          cancelLabel: 'Vazgeç',
          danger: true,
        });
        if (!confirmed) return false;
        orders = await updateOrder.mutateAsync({ id: order.id, status: CANCELED_STATUS_OF_ACTION[action] });
      } else {
        orders = await orderAction.mutateAsync({ orderId: order.id, action });
      }
      const after = orders.find((one) => one.id === order.id);
      notifications.show({
        color: 'green',
        message: `${order.orderNumber} numaralı sipariş: ${after?.statusDescription.label ?? orderMachine.actionLabel(action)}`,
      });
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
