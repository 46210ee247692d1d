import type {
  ActuatorInfo,
  CurrentUser,
  MenuEntry,
  SignInBody,
  SignInResult,
} from '@mandira/contract/access';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';

// Sign-in and the version are public: a 401 there is an answer to show, not a lost session.
export function signIn(body: SignInBody) {
  return post<SignInResult>('/user-access/sign-in', body, { redirectOnUnauthorized: false });
}

export function signOut() {
  return post<null>('/user-access/sign-out', undefined, { redirectOnUnauthorized: false });
}

export function fetchVersion() {
  return get<ActuatorInfo>('/actuator/info', { redirectOnUnauthorized: false });
}

/** Whether a stored token is still a session: the sign-in page asks before it moves on. */
export function fetchCurrentUser() {
  return get<CurrentUser>('/user-access/me', { redirectOnUnauthorized: false });
}

export const menusQuery = apiQuery<MenuEntry[]>(['user-access', 'menus'], '/user-access/menus');

export function useMenus() {
  return useQuery({ ...menusQuery, staleTime: 5 * 60_000 });
}
