import { LOT_FITNESS_LABELS, type LotPlan, type LotPlanItem } from '@mandira/contract/load-lots';
import { UNDATED_LOT_LABEL } from '@mandira/contract/lots';
import { Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { formatNumber } from '../../lib/format/format.ts';
import { NumberField } from '../../lib/forms/number-field.tsx';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { LoadError } from '../../lib/pages/load-states.tsx';
import { useLotPlan } from './api.ts';

/** Pieces per lot id a clerk chose for one warehouse; undefined while the warehouse is taken FEFO. */
export type ChosenLots = Record<number, number | undefined>;

const shownDay = (isoDay: string | null) => (isoDay ? isoDay.split('-').reverse().join('.') : '—');

/** The pieces the chosen lots give each item of the plan, against what the typed pieces need. */
function chosenShortOf(plan: LotPlan, chosen: ChosenLots): LotPlanItem | undefined {
  return plan.items.find((item) => {
    const sum = item.lots.reduce((total, lot) => total + (chosen[lot.lotId] ?? 0), 0);
    return sum !== item.needed;
  });
}

/** The chosen lots as the load body names them (pieces of each lot's stock item). */
export function chosenLotsBody(chosen: ChosenLots): { lotId: number; quantity: number }[] {
  return Object.entries(chosen)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0)
    .map(([lotId, quantity]) => ({ lotId: Number(lotId), quantity }));
}

type Props = {
  orderId: number;
  itemId: number;
  warehouse: string;
  warehouseLabel: string;
  quantity: number;
  /** Undefined: FEFO; else the clerk's pieces per lot. */
  chosen: ChosenLots | undefined;
  onChosenChange: (chosen: ChosenLots | undefined) => void;
  /** Told whether the chosen pieces give each item what the typed pieces need (always true for FEFO). */
  onReadyChange: (warehouse: string, ready: boolean) => void;
};

/**
 * The lots of one warehouse the typed pieces take (decision 152): what first-expired-first-out takes,
 * expired lots and lots too short for the buyer marked; 'Partileri ben seçeceğim' lets the clerk type
 * the pieces per lot instead, starting from FEFO's.
 */
export function LoadLotsPanel(props: Props) {
  const plan = useLotPlan(props.orderId, props.itemId, props.warehouse, props.quantity);
  const data = plan.data;
  const manual = props.chosen !== undefined;
  const ready = !props.chosen || (data !== undefined && !chosenShortOf(data, props.chosen));
  const { onReadyChange, warehouse } = props;
  useEffect(() => onReadyChange(warehouse, ready), [onReadyChange, warehouse, ready]);
  const fefoPicks = (): ChosenLots =>
    Object.fromEntries(
      (data?.items ?? []).flatMap((item) => item.lots.map((lot) => [lot.lotId, lot.take || undefined])),
    );
  return (
    <Stack gap={6} data-testid="load-lots" data-warehouse={props.warehouse}>
      <Group justify="space-between">
        <Text fz="sm" fw={600}>
          {props.warehouseLabel} partileri
          {data?.minRemainingShelfLifeDays != null &&
            ` · müşteri en az ${formatNumber(data.minRemainingShelfLifeDays)} gün raf ömrü istiyor (SKT ≥ ${shownDay(data.freshFrom)})`}
        </Text>
        <Checkbox
          size="xs"
          label="Partileri ben seçeceğim"
          checked={manual}
          disabled={!data}
          onChange={(event) => props.onChosenChange(event.currentTarget.checked ? fefoPicks() : undefined)}
        />
      </Group>
      {plan.error ? (
        <LoadError title="Partiler yüklenemedi" error={plan.error} onRetry={() => void plan.refetch()} />
      ) : !data ? (
        <CenteredLoader />
      ) : (
        data.items.map((item) => (
          <PlanItemTable
            key={item.productItemId}
            item={item}
            many={data.items.length > 1}
            chosen={props.chosen}
            onPick={(lotId, value) => props.onChosenChange({ ...props.chosen, [lotId]: value })}
          />
        ))
      )}
      {data && !manual && !data.enough && (
        <Text fz="sm" c="red">
          Yüklenebilir partiler istenen adedi karşılamıyor.
        </Text>
      )}
    </Stack>
  );
}

function PlanItemTable(props: {
  item: LotPlanItem;
  many: boolean;
  chosen: ChosenLots | undefined;
  onPick: (lotId: number, value: number | undefined) => void;
}) {
  const { item, chosen } = props;
  const picked = chosen && item.lots.reduce((total, lot) => total + (chosen[lot.lotId] ?? 0), 0);
  return (
    <Stack gap={2}>
      {(props.many || chosen) && (
        <Text fz="xs" c={picked !== undefined && picked !== item.needed ? 'red' : 'dimmed'}>
          {item.name}: gereken {formatNumber(item.needed)} adet
          {picked !== undefined && `, seçilen ${formatNumber(picked)} adet`}
        </Text>
      )}
      {item.lots.length === 0 ? (
        <Text fz="xs" c="dimmed">
          Bu depoda partisi yok.
        </Text>
      ) : (
        <Table verticalSpacing={2} fz="xs" withTableBorder>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>Parti</Table.Th>
              <Table.Th>SKT</Table.Th>
              <Table.Th ta="right">Depoda</Table.Th>
              <Table.Th ta="right" w={150}>
                Alınacak
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.lots.map((lot) => (
              <Table.Tr key={lot.lotId} data-testid="load-lot" data-fitness={lot.fitness}>
                <Table.Td>{lot.code || UNDATED_LOT_LABEL}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {shownDay(lot.expiryDate)}
                    {lot.fitness !== 'FIT' && (
                      <Badge size="xs" color={lot.fitness === 'EXPIRED' ? 'red' : 'orange'} variant="light">
                        {LOT_FITNESS_LABELS[lot.fitness]}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatNumber(lot.onHand)}</Table.Td>
                <Table.Td ta="right">
                  {chosen ? (
                    <NumberField
                      aria-label={`${lot.code || UNDATED_LOT_LABEL} partisinden alınacak adet`}
                      size="xs"
                      placeholder="0"
                      value={chosen[lot.lotId]}
                      onChange={(value) => props.onPick(lot.lotId, value)}
                      disabled={lot.fitness !== 'FIT'}
                      unit="adet"
                    />
                  ) : (
                    formatNumber(lot.take)
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
