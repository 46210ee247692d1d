import { z } from 'zod';
import { defineMachine, type Guard } from './state-machine.ts';

// ---------- shipments (docs/domain/loading-and-shipments.md) ----------

export const SHIPMENT_STATUS_LABELS = {
  PARKING: 'Park Halinde',
  PREPARING_TO_LOAD: 'Yüklemeye Hazırlanıyor',
  LOADING: 'Yükleniyor',
  LOAD_CHECK: 'Yük Kontrolünde',
  LOAD_CHECK_COMPLETED: 'Yük Kontrolü Tamamlandı',
  LOAD_WEIGHT_CHECK: 'Kantarda',
  LOAD_WEIGHT_CHECK_COMPLETED: 'Tartım Tamamlandı',
  ON_DELIVERY: 'Teslimatta',
  DELIVERED: 'Teslim Edildi',
  RETURNING_TO_WAREHOUSE: 'Depoya Dönüyor',
} as const;
export type ShipmentStatus = keyof typeof SHIPMENT_STATUS_LABELS;
export const SHIPMENT_STATUSES = Object.keys(SHIPMENT_STATUS_LABELS) as ShipmentStatus[];
export const ShipmentStatus = z.enum(SHIPMENT_STATUSES as [ShipmentStatus, ...ShipmentStatus[]], {
  error: `Geçersiz sevkiyat durumu; beklenen: ${SHIPMENT_STATUSES.join(', ')}`,
});

/** Route, vehicle and driver may be changed only before loading starts. */
export const EDITABLE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['PARKING', 'PREPARING_TO_LOAD'];

export const SHIPMENT_ACTION_LABELS = {
  PREPARE_TO_LOAD: 'Yüklemeye Hazırla',
  DO_PARKING: 'Park Et',
  START_LOADING: 'Yüklemeye Başla',
  STOP_LOADING: 'Yüklemeyi Durdur',
  START_LOAD_CHECK: 'Yük Kontrolüne Başla',
  RESUME_LOADING: 'Yüklemeye Devam Et',
  FINISH_LOAD_CHECK: 'Yük Kontrolünü Bitir',
  START_WEIGHT_CHECK: 'Kantara Gönder',
  COMPLETE_WEIGHT_CHECK: 'Kantardan Çıkar',
  RECHECK: 'Yeniden Kontrol Et',
  START_DELIVERY: 'Yola Çıkar',
  COMPLETE_DELIVERY: 'Teslim Edildi',
  SET_AS_RETURNING_TO_WAREHOUSE: 'Depoya Dönüyor',
  TRANSFER_TO_ANOTHER: 'Başka Sevkiyata Aktar',
} as const;
export type ShipmentAction = keyof typeof SHIPMENT_ACTION_LABELS;
export const SHIPMENT_ACTIONS = Object.keys(SHIPMENT_ACTION_LABELS) as ShipmentAction[];
export const ShipmentAction = z.enum(SHIPMENT_ACTIONS as [ShipmentAction, ...ShipmentAction[]], {
  error: `Geçersiz sevkiyat işlemi; beklenen: ${SHIPMENT_ACTIONS.join(', ')}`,
});

// ---------- the facts guards look at ----------

/**
 * What a shipment's guards look at. The server builds it from the load records in the transaction
 * that acts; every shipment answer carries it as `actionContext`, so the web asks the same table.
 */
export type ShipmentContext = {
  /** Load records on the shipment (`shipment_loads`). */
  loadCount: number;
  /** Whether every order item with a load on the shipment is LOAD_STATUS_ACCEPTED. */
  allLoadedItemsAccepted: boolean;
  /** Σ loaded pieces × item weights (docs/domain/loading-and-shipments.md); null when nothing is loaded. */
  expectedWeightInTons: number | null;
  /** False when some loaded item has no weight (pieces counted by QUANTITY): no tolerance check then. */
  expectedWeightComplete: boolean;
  /** What the weighbridge gave (COMPLETE_WEIGHT_CHECK); null before. */
  loadedWeightInTons: number | null;
  /** The vehicle's capacity; 0 means not entered, and is not checked. */
  vehicleCapacityInTons: number;
  /** WEIGHBRIDGE_TOLERANCE_PERCENT of the server. */
  weighbridgeTolerancePercent: number;
};

export const ShipmentContextSchema = z.object({
  loadCount: z.number().int(),
  allLoadedItemsAccepted: z.boolean(),
  expectedWeightInTons: z.number().nullable(),
  expectedWeightComplete: z.boolean(),
  loadedWeightInTons: z.number().nullable(),
  vehicleCapacityInTons: z.number(),
  weighbridgeTolerancePercent: z.number(),
});

// Formats made once: `toLocaleString` with options builds a new formatter on every call, and a
// shipment list asks each row's weighbridge warning.
// Tons always to the kilogram, as every screen shows them: '0,040' beside '0,039' (decision 143).
const TONS = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const PERCENT = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 });
const tons = (value: number) => TONS.format(value);

const hasLoads: Guard<ShipmentContext> = ({ loadCount }) =>
  loadCount >= 1 ? undefined : 'sevkiyata yüklenmiş kalem yok';
const allAccepted: Guard<ShipmentContext> = (context) =>
  hasLoads(context) ??
  (context.allLoadedItemsAccepted ? undefined : 'yüklemesi kabul edilmemiş kalemler var');

/** Weighed within capacity and within the weighbridge tolerance (docs/domain/loading-and-shipments.md). */
export const weighbridgeRefusal: Guard<ShipmentContext> = (context) => {
  const weighed = context.loadedWeightInTons;
  if (weighed === null) return 'araç tartılmadı';
  const capacity = context.vehicleCapacityInTons;
  if (capacity > 0 && weighed > capacity) {
    return `tartılan yük ${tons(weighed)} ton, aracın kapasitesi ${tons(capacity)} ton`;
  }
  const expected = context.expectedWeightInTons;
  if (!context.expectedWeightComplete || expected === null || expected <= 0) return undefined;
  const percent = (Math.abs(weighed - expected) / expected) * 100;
  if (percent <= context.weighbridgeTolerancePercent) return undefined;
  return `beklenen ${tons(expected)} ton, tartılan ${tons(weighed)} ton (%${PERCENT.format(percent)} fark; izin verilen %${PERCENT.format(context.weighbridgeTolerancePercent)})`;
};

const recheck = { to: 'LOAD_CHECK' } as const;

/** The shipment table (docs/domain/loading-and-shipments.md, "The shipment machine"). */
export const shipmentMachine = defineMachine<ShipmentStatus, ShipmentAction, ShipmentContext>({
  subject: 'Sevkiyat',
  statusLabels: SHIPMENT_STATUS_LABELS,
  actionLabels: SHIPMENT_ACTION_LABELS,
  table: {
    PARKING: { PREPARE_TO_LOAD: { to: 'PREPARING_TO_LOAD' } },
    PREPARING_TO_LOAD: {
      START_LOADING: { to: 'LOADING' },
      DO_PARKING: { to: 'PARKING' },
    },
    LOADING: {
      STOP_LOADING: { to: 'PREPARING_TO_LOAD' },
      START_LOAD_CHECK: { to: 'LOAD_CHECK', guard: hasLoads },
      TRANSFER_TO_ANOTHER: { to: 'PREPARING_TO_LOAD', guard: hasLoads },
    },
    LOAD_CHECK: {
      FINISH_LOAD_CHECK: { to: 'LOAD_CHECK_COMPLETED', guard: allAccepted },
      RESUME_LOADING: { to: 'LOADING' },
      TRANSFER_TO_ANOTHER: { to: 'PREPARING_TO_LOAD', guard: hasLoads },
    },
    LOAD_CHECK_COMPLETED: {
      START_WEIGHT_CHECK: { to: 'LOAD_WEIGHT_CHECK' },
      RECHECK: recheck,
    },
    LOAD_WEIGHT_CHECK: {
      COMPLETE_WEIGHT_CHECK: { to: 'LOAD_WEIGHT_CHECK_COMPLETED' },
      RECHECK: recheck,
    },
    LOAD_WEIGHT_CHECK_COMPLETED: {
      START_DELIVERY: { to: 'ON_DELIVERY', guard: weighbridgeRefusal },
      RECHECK: recheck,
    },
    ON_DELIVERY: {
      COMPLETE_DELIVERY: { to: 'DELIVERED' },
      SET_AS_RETURNING_TO_WAREHOUSE: { to: 'RETURNING_TO_WAREHOUSE' },
    },
    DELIVERED: {},
    RETURNING_TO_WAREHOUSE: { DO_PARKING: { to: 'PARKING' } },
  },
});

/** A shipment holds its vehicle and driver until it is delivered, the status no action leaves. */
export const CLOSED_SHIPMENT_STATUSES = shipmentMachine.finalStatuses;
export const isOpenShipment = (status: ShipmentStatus) => !CLOSED_SHIPMENT_STATUSES.includes(status);

/** The driver's status an action sets; other actions leave it as it is. */
export const DRIVER_STATUS_AFTER = {
  START_WEIGHT_CHECK: 'LOAD_WEIGHT_CHECK',
  START_DELIVERY: 'ON_DELIVERY',
  COMPLETE_DELIVERY: 'AVAILABLE',
} as const satisfies Partial<Record<ShipmentAction, 'AVAILABLE' | 'LOAD_WEIGHT_CHECK' | 'ON_DELIVERY'>>;

/**
 * Actions after which the shipment no longer holds its driver on the weighbridge or on the road: a
 * recheck sends the load back to the warehouse, and parking ends a failed delivery. The driver is
 * free again, unless someone set another status by hand in between (then that one stays).
 */
export const DRIVER_RELEASED_BY: readonly ShipmentAction[] = ['RECHECK', 'DO_PARKING'];
/** The driver statuses the shipment itself sets, which a release gives back. */
export const DRIVER_STATUSES_HELD_BY_SHIPMENT = ['LOAD_WEIGHT_CHECK', 'ON_DELIVERY'] as const;

/** The named shortcut calls: `PUT /shipments/{path}/{id}` runs the action. */
export const SHIPMENT_SHORTCUTS = {
  'status/loading': 'START_LOADING',
  'start-load-check': 'START_LOAD_CHECK',
  'start-delivery': 'START_DELIVERY',
  'complete-delivery': 'COMPLETE_DELIVERY',
} as const satisfies Record<string, ShipmentAction>;

/** What the weighbridge's figure means against the load and the vehicle (decision 102). */
export type Weighing = {
  /** |weighed − expected| ÷ expected in %, or null when the expected weight is unknown or incomplete. */
  differencePercent: number | null;
  /** Beyond WEIGHBRIDGE_TOLERANCE_PERCENT of a complete expected weight: the truck may not leave. */
  outsideTolerance: boolean;
  /** Above the vehicle's capacity (when entered): refused at the weighbridge. */
  overCapacity: boolean;
};

export function weighingOf(context: ShipmentContext, weighed: number): Weighing {
  const expected = context.expectedWeightInTons;
  const known = context.expectedWeightComplete && expected !== null && expected > 0;
  const differencePercent = known ? (Math.abs(weighed - expected) / expected) * 100 : null;
  return {
    differencePercent,
    outsideTolerance: differencePercent !== null && differencePercent > context.weighbridgeTolerancePercent,
    overCapacity: context.vehicleCapacityInTons > 0 && weighed > context.vehicleCapacityInTons,
  };
}

export const overCapacityMessage = (weighed: number, capacity: number) =>
  `Tartılan ağırlık (${tons(weighed)} ton) aracın kapasitesini (${tons(capacity)} ton) aşıyor; kantar okumasını ve aracı kontrol ediniz.`;

/**
 * The warning a weighed shipment carries while its weight keeps it from leaving, with the next step:
 * re-check the load and weigh again. Null before weighing and when the weight is within bounds.
 */
export function weightWarningOf(context: ShipmentContext): string | null {
  const weighed = context.loadedWeightInTons;
  if (weighed === null) return null;
  const weighing = weighingOf(context, weighed);
  if (!weighing.outsideTolerance && !weighing.overCapacity) return null;
  const what = weighing.overCapacity ? 'Tartılan yük aracın kapasitesini aşıyor' : 'Tartım tolerans dışında';
  return `${what}: ${weighbridgeRefusal(context)}. Sevkiyat bu ağırlıkla yola çıkamaz; '${SHIPMENT_ACTION_LABELS.RECHECK}' ile yükü yeniden kontrol edip aracı tekrar tartınız.`;
}
