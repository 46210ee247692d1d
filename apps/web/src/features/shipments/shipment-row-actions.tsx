import {
  EDITABLE_SHIPMENT_STATUSES,
  type ShipmentAction,
  type ShipmentStatus,
  shipmentMachine,
} from '@mandira/contract/shipment-machine';
import type { Shipment } from '@mandira/contract/shipments';
import { ActionIcon, Button, Menu, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconFileTypePdf, IconListDetails, IconMap2, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HistoryButton } from '../../lib/audit/history-drawer.tsx';
import { openDispatchNote } from './dispatch-note.ts';
import { DANGEROUS_ACTIONS } from './use-shipment-steps.ts';

type Props = {
  shipment: Shipment;
  /** False for those who may only read the list (shipping staff). */
  mayAct: boolean;
  busy: boolean;
  onAction: (shipment: Shipment, action: ShipmentAction) => void;
  onEdit: (shipment: Shipment) => void;
  onRoute: (shipment: Shipment) => void;
};

/** The steps the contract's machine allows from the shipment's status, with its facts (decision 74). */
export function actionsOf(shipment: Shipment): ShipmentAction[] {
  return shipmentMachine.actionsFrom(shipment.status as ShipmentStatus, shipment.actionContext);
}

/**
 * The steps the table has from the shipment's status that a guard holds back now, each with the reason
 * the server would give (the same machine refuses them there): e.g. no dispatch after a far-off weight.
 */
export function heldBackOf(shipment: Shipment): { action: ShipmentAction; reason: string }[] {
  const status = shipment.status as ShipmentStatus;
  const allowed = actionsOf(shipment);
  return shipmentMachine
    .actionsFrom(status)
    .filter((action) => !allowed.includes(action))
    .map((action) => {
      try {
        shipmentMachine.next(status, action, shipment.actionContext);
        return { action, reason: '' };
      } catch (refusal) {
        const message = refusal instanceof Error ? refusal.message : '';
        return { action, reason: message.slice(message.indexOf(': ') + 2) };
      }
    });
}

/**
 * A row's buttons: the status steps in a menu (they vary from none to three), the shipment's contents
 * (where shipping staff accept the loads) and its dispatch note, edit while the route may change, and
 * the route map.
 */
export function ShipmentRowActions({ shipment, mayAct, busy, onAction, onEdit, onRoute }: Props) {
  const actions = mayAct ? actionsOf(shipment) : [];
  const heldBack = mayAct ? heldBackOf(shipment) : [];
  return (
    <>
      {actions.length + heldBack.length > 0 && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Button size="compact-sm" rightSection={<IconChevronDown size={14} />} disabled={busy}>
              İşlemler
            </Button>
          </Menu.Target>
          <Menu.Dropdown maw={340}>
            <Menu.Label>{shipment.statusDetail.label}</Menu.Label>
            {actions.map((action) => (
              <Menu.Item
                key={action}
                color={DANGEROUS_ACTIONS.includes(action) ? 'red' : undefined}
                onClick={() => onAction(shipment, action)}
              >
                {shipmentMachine.actionLabel(action)}
              </Menu.Item>
            ))}
            {heldBack.map(({ action, reason }) => (
              <Menu.Item key={action} disabled data-testid="held-back-step">
                {shipmentMachine.actionLabel(action)}
                <Text fz="xs" c="red.7">
                  {reason}
                </Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Tooltip label="İçerik ve yük kabulü" withArrow>
        <ActionIcon
          component={Link}
          to={`/sevkiyat-siparis-yonetimi?orderShipmentId=${shipment.id}`}
          variant="light"
          aria-label="İçerik"
        >
          <IconListDetails size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Sevk İrsaliyesi" withArrow>
        <ActionIcon
          variant="default"
          aria-label="Sevk İrsaliyesi"
          onClick={() => void openDispatchNote(shipment)}
        >
          <IconFileTypePdf size={16} />
        </ActionIcon>
      </Tooltip>
      {mayAct && EDITABLE_SHIPMENT_STATUSES.includes(shipment.status as ShipmentStatus) && (
        <Tooltip label="Düzenle" withArrow>
          <ActionIcon variant="light" aria-label="Düzenle" onClick={() => onEdit(shipment)} disabled={busy}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Rota" withArrow>
        <ActionIcon variant="default" aria-label="Rota" onClick={() => onRoute(shipment)}>
          <IconMap2 size={16} />
        </ActionIcon>
      </Tooltip>
      <HistoryButton variant="icon" entityType="SHIPMENT" entityId={shipment.id} />
    </>
  );
}
