import { useCallback, useRef, useState } from 'react';

/**
 * Runs a save at most once at a time: a second click while the first request is in flight is
 * ignored (state alone cannot stop it: both clicks may land before React re-renders).
 * `submitting` drives the button's spinner; errors propagate to the caller.
 */
export function useSubmitGuard<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      setSubmitting(true);
      try {
        return await action(...args);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [action],
  );
  return { run, submitting };
}
