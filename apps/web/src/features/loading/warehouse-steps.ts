import {
  type OrderItemAction,
  type OrderItemStatus,
  orderItemMachine,
} from '@mandira/contract/order-machines';
import { itemContextOf, type Order, type OrderItem } from '@mandira/contract/orders';
import { notifications } from '@mantine/notifications';
import { formatNumber } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { confirmAction } from '../../lib/modals/confirm.tsx';
import { useWarehouseStep } from './api.ts';

/** The item machine's warehouse steps as buttons, in working order; loading opens the load modal. */
export const WAREHOUSE_ACTIONS = [
  'PREPARING',
  'PREPARED_WAITING_FOR_LOADING',
  'LOADING',
  'LOAD_ITEM_TO_TRUCK',
  'LOADED_TO_TRUCK_FROM_WAREHOUSE',
  'LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY',
  'SEND_BACK_FROM_WAREHOUSE',
] as const satisfies readonly OrderItemAction[];
export type WarehouseAction = (typeof WAREHOUSE_ACTIONS)[number];
export type CalledWarehouseAction = Exclude<WarehouseAction, 'LOAD_ITEM_TO_TRUCK'>;

const ACTIONS: readonly string[] = WAREHOUSE_ACTIONS;

/** The buttons the contract's item machine allows now; loading only while something remains to load. */
export function warehouseActionsOf(order: Order, item: OrderItem): WarehouseAction[] {
  return orderItemMachine
    .actionsFrom(item.statusDescription.name as OrderItemStatus, itemContextOf(order, item))
    .filter((action): action is WarehouseAction => ACTIONS.includes(action))
    .filter((action) => action !== 'LOAD_ITEM_TO_TRUCK' || item.remainingQuantity > 0);
}

/** Steps that give something up are asked about first. */
function confirmation(order: Order, item: OrderItem, action: CalledWarehouseAction): string | undefined {
  const what = `${order.orderNumber} numaralı siparişin '${item.productName}' kalemi`;
  if (action === 'SEND_BACK_FROM_WAREHOUSE') {
    return `${what} depodan geri gönderilecek ve yeniden onay bekleyecek. Emin misiniz?`;
  }
  if (action === 'LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY') {
    return `${what} için ${formatNumber(item.loadedQuantity)} adet yüklendi; kalan ${formatNumber(item.remainingQuantity)} adet iade edilip yükleme bitirilecek. Emin misiniz?`;
  }
  if (action === 'LOADED_TO_TRUCK_FROM_WAREHOUSE') {
    return `${what} için yükleme bitirilecek (${formatNumber(item.loadedQuantity)} adet). Emin misiniz?`;
  }
  return undefined;
}

/**
 * The warehouse steps of the screen, one at a time (no double submit): asked about first when they
 * give something up, told with the status the server answered, or with its Turkish refusal.
 */
export function useWarehouseSteps() {
  const step = useWarehouseStep();
  return useSubmitGuard(async (order: Order, item: OrderItem, action: CalledWarehouseAction) => {
    const question = confirmation(order, item, action);
    if (
      question &&
      !(await confirmAction({
        title: orderItemMachine.actionLabel(action),
        message: question,
        confirmLabel: orderItemMachine.actionLabel(action),
        danger: action === 'SEND_BACK_FROM_WAREHOUSE',
      }))
    ) {
      return;
    }
    try {
      const orders = await step.mutateAsync({ orderId: order.id, itemId: item.id, action });
      const after = orders.find((one) => one.id === order.id)?.orderItems.find((one) => one.id === item.id);
      notifications.show({
        color: 'green',
        message: `${item.productName}: ${after?.statusDescription.label ?? orderItemMachine.actionLabel(action)}`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'İşlem yapılamadı',
        message: errorMessage(error),
        autoClose: 8000,
      });
    }
  });
}
