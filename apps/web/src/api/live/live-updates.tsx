import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useCurrentUser } from '../current-user.ts';
import { USER_ACCESS_KEY } from '../query-keys.ts';
import { getAuthToken, onSessionChange } from '../session-store.ts';
import { createEventStream, type LinkState } from './event-stream.ts';
import { createInvalidator } from './invalidator.ts';
import { type LiveLinkOptions, startLiveLink } from './live-link.ts';
import { createLiveMarks, type LiveMarks } from './live-marks.ts';

type Live = {
  marks: LiveMarks;
  state: LinkState;
  subscribeState: (listener: () => void) => () => void;
};

const LiveContext = createContext<Live | null>(null);

export type LiveUpdatesProps = {
  children: ReactNode;
  /** Tests hand in fakes of the browser's locks, channel and fetch; the app uses the browser's. */
  linkOptions?: Omit<LiveLinkOptions, 'createStream'> & { fetch?: typeof fetch };
};

/**
 * Keeps the screens inside it live (docs/architecture.md, "The live layer"): reads the server's event
 * stream (one per browser), invalidates the queries of each event's topic, marks the records other
 * users changed, and tells the header whether the link is up.
 */
export function LiveUpdates({ children, linkOptions }: LiveUpdatesProps) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id;
  const me = useRef(userId);
  me.current = userId;
  const options = useRef(linkOptions);
  const [live] = useState(() => {
    const listeners = new Set<() => void>();
    const value: Live & { setState: (state: LinkState) => void } = {
      marks: createLiveMarks(),
      state: 'connecting',
      subscribeState(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      setState(state) {
        value.state = state;
        for (const listener of listeners) listener();
      },
    };
    return value;
  });

  useEffect(() => {
    const invalidator = createInvalidator(queryClient);
    const { fetch, ...browser } = options.current ?? {};
    const link = startLiveLink(
      {
        onEvent(event) {
          const own = me.current !== undefined && event.by === me.current;
          invalidator.topic(event.topic, own);
          // One's own changes are no news; unknown yet who is signed in, nothing is marked.
          if (me.current !== undefined && !own) live.marks.markEvent(event);
        },
        onResync: invalidator.resync,
        onState: live.setState,
      },
      {
        ...browser,
        createStream: (handlers) =>
          createEventStream({
            ...handlers,
            getToken: getAuthToken,
            fetch,
            // The session is over: reading who is signed in meets the same 401, and the client's
            // own handling asks for the password again or leads to the sign-in page (decision 101).
            onUnauthorized: () => void queryClient.invalidateQueries({ queryKey: USER_ACCESS_KEY }),
          }),
      },
    );
    const unsubscribe = onSessionChange(link.sessionChanged);
    return () => {
      unsubscribe();
      link.stop();
      invalidator.dispose();
    };
  }, [queryClient, live]);

  useEffect(() => () => live.marks.dispose(), [live]);

  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

const NO_SUBSCRIPTION = () => () => {};

/** The live link's state; 'up' outside LiveUpdates, where nothing is live to miss. */
export function useLiveLinkState(): LinkState {
  const live = useContext(LiveContext);
  return useSyncExternalStore(live?.subscribeState ?? NO_SUBSCRIPTION, () => live?.state ?? 'up');
}

const NOTHING_MARKED = () => false;

/**
 * Whether a record was changed by another user a moment ago, for the rows of a list:
 * `isMarked('shipment', shipment.id)`. The component rerenders when a mark comes or goes.
 */
export function useLiveMarks(): (entity: string, id: number) => boolean {
  const live = useContext(LiveContext);
  useSyncExternalStore(live?.marks.subscribe ?? NO_SUBSCRIPTION, () => live?.marks.version() ?? 0);
  return live ? live.marks.isMarked : NOTHING_MARKED;
}
