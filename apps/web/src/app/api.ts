import type { CurrentUser, MenuEntry, SignInBody, SignInResult } from '@mandira/contract/access';
import type { SystemInfo } from '@mandira/contract/system';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { getDeviceToken, keepDeviceToken } from '../api/session-store.ts';

// Sign-in and the version are public: a 401 there is an answer to show, not a lost session.
// The device token of the name typed goes with it, and the new one is kept (decision 97).
export async function signIn(body: SignInBody) {
  const deviceToken = getDeviceToken(body.userName);
  const answer = await post<SignInResult>(
    '/user-access/sign-in',
    deviceToken ? { ...body, deviceToken } : body,
    {
      redirectOnUnauthorized: false,
    },
  );
  if (answer.success) keepDeviceToken(body.userName, answer.data.deviceToken);
  return answer;
}

export function signOut() {
  return post<null>('/user-access/sign-out', undefined, { redirectOnUnauthorized: false });
}

export function fetchVersion() {
  return get<SystemInfo>('/actuator/info', { redirectOnUnauthorized: false });
}

/** Whether a stored token is still a session: the sign-in page asks before it moves on. */
export function fetchCurrentUser() {
  return get<CurrentUser>('/user-access/me', { redirectOnUnauthorized: false });
}

export const menusQuery = apiQuery<MenuEntry[]>(['user-access', 'menus'], '/user-access/menus');

export function useMenus() {
  return useQuery({ ...menusQuery, staleTime: 5 * 60_000 });
}
