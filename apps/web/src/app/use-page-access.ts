import { checkUserPageView } from '@mandira/contract/operations/access';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { callApi } from '../api/client.ts';
import { getAuthToken } from '../api/session-store.ts';
import { SIGN_IN_PATH } from './paths.ts';
import { useUserSwitches } from './session-switch.ts';

/** A page whose access is not confirmed within this time sends the user to sign in. */
export const PAGE_ACCESS_TIMEOUT_MS = 2650;

export type AccessDeniedReason = 'forbidden' | 'timeout' | 'signed-out' | 'offline';

/** What the sign-in page is told: why the user came, and the screen to return to after signing in. */
export type SignInState = { reason?: AccessDeniedReason; from?: string };

/**
 * Asks the server whether the signed-in user may open a page that requires `access` (a privilege,
 * a role key or AUTH_ANY_ROLE; or several, any one of which opens it). Until it says yes the page
 * stays hidden; a no, a 401, no network or silence past the timeout leads to the sign-in page, which says
 * which of them it was.
 */
export function usePageAccess(access: string | readonly string[]): boolean {
  // One text for the effect's dependency: the table's arrays are constants, but a caller's need not be.
  const wanted = typeof access === 'string' ? access : access.join(',');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const from = `${pathname}${search}`;
  // Read when denied, not a reason to ask again: a screen's own query parameters change it.
  const fromRef = useRef(from);
  fromRef.current = from;
  // Someone else signed in over the screen: their roles decide anew, while the screen stays shown.
  const userSwitches = useUserSwitches();
  const [granted, setGranted] = useState(false);

  useEffect(() => {
    void userSwitches; // only a reason to ask again
    let settled = false;
    const deny = (reason: AccessDeniedReason) => {
      if (settled) return;
      settled = true;
      const state: SignInState = { reason, from: fromRef.current };
      navigate(SIGN_IN_PATH, { replace: true, state });
    };
    if (!getAuthToken()) {
      deny('signed-out');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => deny('timeout'), PAGE_ACCESS_TIMEOUT_MS);
    const ask = (role: string) =>
      callApi(
        checkUserPageView,
        { query: { role } },
        {
          signal: controller.signal,
          // Nothing typed yet to keep: an ended session leads to the sign-in page.
          askToSignInAgain: false,
        },
      );
    Promise.all(wanted.split(',').map(ask))
      .then((answers) => {
        if (settled) return;
        clearTimeout(timer);
        if (answers.some((answer) => answer.success && answer.data === true)) {
          settled = true;
          setGranted(true);
        } else {
          const failed = (code: string) =>
            answers.some((answer) => !answer.success && answer.error.code === code);
          // No answer is no refusal: a tablet that opened the portal from its worker's cache without a
          // network is told so, not that it lacks the right (docs/domain/field-devices.md).
          deny(failed('UNAUTHENTICATED') ? 'signed-out' : failed('NETWORK_ERROR') ? 'offline' : 'forbidden');
        }
      })
      .catch(() => {
        // Aborted on unmount: the next page runs its own check.
      });
    return () => {
      settled = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, navigate, userSwitches]);

  return granted;
}
