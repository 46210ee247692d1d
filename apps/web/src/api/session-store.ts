/** What the browser keeps of a session: the token the API issued and the name typed at sign-in. */
const TOKEN_KEY = 'mandira-portal.auth-token';
// The API has no "who am I" call; the header shows the name the user signed in with.
const USER_NAME_KEY = 'mandira-portal.user-name';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Private modes may refuse storage; the portal then simply forgets the session.
    return undefined;
  }
}

export function getAuthToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function getSignedInUserName(): string | null {
  return storage()?.getItem(USER_NAME_KEY) ?? null;
}

export function startSession(authToken: string, userName: string): void {
  storage()?.setItem(TOKEN_KEY, authToken);
  storage()?.setItem(USER_NAME_KEY, userName);
}

export function endSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_NAME_KEY);
}
