import type { SignInBody } from '@mandira/contract/access';
import * as access from '@mandira/contract/operations/access';
import * as system from '@mandira/contract/operations/system';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client.ts';
import { operationQuery } from '../api/query.ts';
import { USER_ACCESS_KEY } from '../api/query-keys.ts';
import { getDeviceToken, keepDeviceToken } from '../api/session-store.ts';

// Sign-in and the version are public: a 401 there is an answer to show, not a lost session.
// The device token of the name typed goes with it, and the new one is kept (decision 97).
export async function signIn(body: SignInBody) {
  const deviceToken = getDeviceToken(body.userName);
  const answer = await callApi(
    access.signInUser,
    { body: deviceToken ? { ...body, deviceToken } : body },
    { redirectOnUnauthorized: false },
  );
  if (answer.success) keepDeviceToken(body.userName, answer.data.deviceToken);
  return answer;
}

export function signOut() {
  return callApi(access.signOutUser, undefined, { redirectOnUnauthorized: false });
}

export function fetchVersion() {
  return callApi(system.getSystemInfo, undefined, { redirectOnUnauthorized: false });
}

/** Whether a stored token is still a session: the sign-in page asks before it moves on. */
export function fetchCurrentUser() {
  return callApi(access.getCurrentUser, undefined, { redirectOnUnauthorized: false });
}

export const menusQuery = operationQuery(USER_ACCESS_KEY, access.listUserMenus);

export function useMenus() {
  return useQuery({ ...menusQuery, staleTime: 5 * 60_000 });
}
