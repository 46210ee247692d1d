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
  sessionChanged();
}

export function endSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_NAME_KEY);
  sessionChanged();
}

const sessionListeners = new Set<() => void>();

function sessionChanged(): void {
  for (const listener of sessionListeners) listener();
}

/**
 * Calls `listener` when the token changes: signed in, out or as someone else, in this tab or another
 * (the storage event). The live stream follows it (api/live/live-updates.tsx).
 */
export function onSessionChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  sessionListeners.add(listener);
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    sessionListeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/**
 * Device tokens, by the user name they were issued to. A sign-in that shows its user's token is judged
 * by this device's own failures, so strangers guessing the password elsewhere cannot lock the user out
 * here; the tokens outlive a sign-out, as the device stays known.
 */
const DEVICE_TOKENS_KEY = 'mandira-portal.device-tokens';
/** A shared office computer keeps the tokens of a few users; the oldest go first. */
const MAX_DEVICE_TOKENS = 20;

function deviceTokens(): Record<string, string> {
  try {
    const stored = JSON.parse(storage()?.getItem(DEVICE_TOKENS_KEY) ?? '{}');
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  } catch {
    return {};
  }
}

const deviceKey = (userName: string) => userName.trim().toLocaleLowerCase('tr-TR');

export function getDeviceToken(userName: string): string | undefined {
  const token = deviceTokens()[deviceKey(userName)];
  return typeof token === 'string' ? token : undefined;
}

export function keepDeviceToken(userName: string, token: string): void {
  const { [deviceKey(userName)]: _replaced, ...others } = deviceTokens();
  const kept = Object.entries(others).slice(-(MAX_DEVICE_TOKENS - 1));
  storage()?.setItem(
    DEVICE_TOKENS_KEY,
    JSON.stringify(Object.fromEntries([...kept, [deviceKey(userName), token]])),
  );
}
