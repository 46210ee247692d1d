/**
 * State machines as data (docs/architecture.md#conventions, decision 58): for each status, the
 * actions it allows and the status each leads to, with an optional guard on the facts around it (the
 * order's status, the loaded pieces…).
 * The server asks `next` before it writes; the web asks `actionsFrom` to choose the buttons it shows.
 * Orders, order items and, later, shipments are all machines of this one shape.
 */

/** Why a guarded step is refused, in Turkish; undefined lets it pass. */
export type Guard<C> = (context: C) => string | undefined;

export type Transition<S extends string, C> = { to: S; guard?: Guard<C> };

export type MachineTable<S extends string, A extends string, C> = {
  readonly [status in S]: { readonly [action in A]?: Transition<S, C> };
};

export type MachineDefinition<S extends string, A extends string, C> = {
  /** What moves through it, in Turkish, for messages ('Sipariş', 'Sipariş kalemi'). */
  subject: string;
  statusLabels: Readonly<Record<S, string>>;
  actionLabels: Readonly<Record<A, string>>;
  table: MachineTable<S, A, C>;
};

/** The one refusal of a machine: the server answers it as 409 INVALID_TRANSITION. */
export class TransitionRefused extends Error {
  readonly code = 'INVALID_TRANSITION';
  constructor(
    message: string,
    readonly status: string,
    readonly action: string,
  ) {
    super(message);
    this.name = 'TransitionRefused';
  }
}

export type Machine<S extends string, A extends string, C> = MachineDefinition<S, A, C> & {
  statuses: readonly S[];
  actions: readonly A[];
  /** The statuses no action leaves (the table's empty rows), in label order. */
  finalStatuses: readonly S[];
  /** The statuses these actions lead to from anywhere in the table, in label order. */
  reachedBy(actions: readonly A[]): S[];
  /**
   * The status `action` leads to from `status`; throws TransitionRefused naming both when the table
   * has no such step, or when its guard refuses in this context. Without a context guards are not
   * asked (the table alone); the server always passes one.
   */
  next(status: S, action: A, context?: C): S;
  /** The actions allowed from `status` (those whose guards pass, when a context is given), in table order. */
  actionsFrom(status: S, context?: C): A[];
  /** Whether `next` would succeed. */
  allows(status: S, action: A, context?: C): boolean;
  statusLabel(status: string): string;
  actionLabel(action: string): string;
};

export function defineMachine<S extends string, A extends string, C = undefined>(
  definition: MachineDefinition<S, A, C>,
): Machine<S, A, C> {
  const { subject, statusLabels, actionLabels, table } = definition;
  const statuses = Object.keys(statusLabels) as S[];
  const actions = Object.keys(actionLabels) as A[];
  const statusLabel = (status: string) => statusLabels[status as S] ?? status;
  const actionLabel = (action: string) => actionLabels[action as A] ?? action;

  const lowerSubject = subject.toLocaleLowerCase('tr-TR');
  // Written only for a refusal: lists ask every row's allowed actions, and most of them pass.
  const named = (status: S, action: A) =>
    `'${statusLabel(status)}' (${status}) durumundaki ${lowerSubject} için '${actionLabel(action)}' (${action}) işlemi yapılamaz`;
  const refusal = (status: S, action: A, context: C | undefined): string | undefined => {
    const step = table[status]?.[action];
    if (!step) return `${named(status, action)}.`;
    const reason = context === undefined ? undefined : step.guard?.(context);
    return reason ? `${named(status, action)}: ${reason}` : undefined;
  };
  const passes = (status: S, action: A, context: C | undefined): boolean => {
    const step = table[status]?.[action];
    return step !== undefined && (context === undefined || !step.guard?.(context));
  };

  return {
    ...definition,
    statuses,
    actions,
    finalStatuses: statuses.filter((status) => Object.keys(table[status]).length === 0),
    reachedBy(chosen) {
      const reached = new Set(
        statuses.flatMap((from) => chosen.flatMap((action) => table[from][action]?.to ?? [])),
      );
      return statuses.filter((status) => reached.has(status));
    },
    next(status, action, context) {
      const refused = refusal(status, action, context);
      if (refused) throw new TransitionRefused(refused, status, action);
      return table[status][action]!.to;
    },
    actionsFrom(status, context) {
      return actions.filter((action) => passes(status, action, context));
    },
    allows(status, action, context) {
      return passes(status, action, context);
    },
    statusLabel,
    actionLabel,
  };
}

/** `{ name, label }` of a status or an action, as responses carry it. */
export function enumDescription<K extends string>(labels: Readonly<Record<K, string>>, name: K) {
  return { name, label: labels[name] };
}
