import { checkUserPageView, listUserMenus } from '@mandira/contract/operations/access';
import {
  downloadAccountStatementPdf,
  getAccountingSummary,
  recordAccountingOrderPayment,
} from '@mandira/contract/operations/accounting';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_BASE,
  callApi,
  fileOf,
  NOT_SAVED_OTHER_USER,
  type SignInAgainOutcome,
  setSignInAgainHandler,
  setUnauthorizedHandler,
  urlOf,
} from './client.ts';
import { getAuthToken, startSession } from './session-store.ts';

/** A write: a payment recorded on an order. */
const pay = () =>
  callApi(recordAccountingOrderPayment, {
    body: { orderId: 7, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 2500 },
  });
/** A read: a buyer's account summary. */
const readSummary = () => callApi(getAccountingSummary, { query: { buyerId: 1 } });

/** The browser's storage, kept in memory (Node has none). */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

/** A server that knows which tokens are signed in, and records every call with the token it carried. */
function fakeServer() {
  const valid = new Set<string>();
  const calls: { method: string; path: string; token: string }[] = [];
  /** While set, writes are answered only once it resolves: a slow answer. */
  const slow: { writes?: Promise<void> } = {};
  const fetch = async (url: string, init: RequestInit) => {
    const token = (init.headers as Record<string, string>)['auth-token']!;
    calls.push({ method: init.method ?? 'GET', path: url, token });
    await (init.method === 'POST' ? slow.writes : undefined);
    const body = valid.has(token)
      ? { success: true, data: { saved: url } }
      : { success: false, error: { message: 'Oturum bulunamadı.', code: 'UNAUTHENTICATED' } };
    return new Response(JSON.stringify(body), { status: valid.has(token) ? 200 : 401 });
  };
  return { valid, calls, slow, fetch };
}

describe('a request that meets an ended session', () => {
  let server: ReturnType<typeof fakeServer>;
  let sentToSignIn: number;

  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    sentToSignIn = 0;
    setUnauthorizedHandler(() => {
      sentToSignIn += 1;
    });
    // Signed in as Nihan, then signed out in another tab: the token the page holds is no longer known.
    startSession('eski', 'nihan');
  });

  afterEach(() => {
    setSignInAgainHandler(null);
    vi.unstubAllGlobals();
  });

  /** The modal's part: the user signs in (a new token) and it tells how that went. */
  function signsInAgain(outcome: SignInAgainOutcome, token = 'yeni') {
    const asked = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (outcome !== 'cancelled') {
        server.valid.add(token);
        startSession(token, outcome === 'same-user' ? 'nihan' : 'kemal');
      }
      return outcome;
    });
    setSignInAgainHandler(asked);
    return asked;
  }

  it('waits for the same user to sign in again and is sent once more, with the new token', async () => {
    const asked = signsInAgain('same-user');
    const answer = await pay();
    expect(answer).toEqual({
      success: true,
      data: { saved: `${API_BASE}${urlOf(recordAccountingOrderPayment)}` },
    });
    expect(server.calls.map((call) => call.token)).toEqual(['eski', 'yeni']);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(sentToSignIn).toBe(0);
  });

  it('asks once for every request that met the ended session together', async () => {
    const asked = signsInAgain('same-user');
    const answers = await Promise.all([pay(), readSummary(), callApi(listUserMenus)]);
    expect(answers.every((answer) => answer.success)).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.token)).toEqual([
      'eski',
      'yeni',
    ]);
  });

  it('is not sent again when someone else signs in, and says nothing was saved; a read is', async () => {
    signsInAgain('other-user');
    const [write, read] = await Promise.all([pay(), readSummary()]);
    expect(write).toEqual({ success: false, error: NOT_SAVED_OTHER_USER });
    expect(read.success).toBe(true);
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('refuses a write sent before someone else signed in whose 401 comes after, without asking again', async () => {
    const asked = signsInAgain('other-user');
    let answerWrites = () => {};
    server.slow.writes = new Promise((resolve) => {
      answerWrites = resolve;
    });
    const write = pay();
    expect((await readSummary()).success).toBe(true);
    answerWrites();
    expect(await write).toEqual({ success: false, error: NOT_SAVED_OTHER_USER });
    expect(asked).toHaveBeenCalledTimes(1);
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('leads to the sign-in page, without the token, when the user gives up', async () => {
    signsInAgain('cancelled');
    const answer = await pay();
    expect(answer).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    expect(sentToSignIn).toBe(1);
    expect(getAuthToken()).toBeNull();
    expect(server.calls).toHaveLength(1);
  });

  it('is sent again only once: a second refusal ends the session', async () => {
    // The new sign-in is refused too (say, the user was made inactive meanwhile).
    setSignInAgainHandler(async () => {
      startSession('yeni', 'nihan');
      return 'same-user';
    });
    const answer = await pay();
    expect(answer.success).toBe(false);
    expect(server.calls).toHaveLength(2);
    expect(sentToSignIn).toBe(1);
  });

  it('leads straight to the sign-in page where no screen can ask (no handler, or the page check)', async () => {
    const answer = await callApi(checkUserPageView, { query: { role: 'X' } }, { askToSignInAgain: false });
    expect(answer.success).toBe(false);
    expect(sentToSignIn).toBe(1);
    startSession('eski', 'nihan');
    await pay();
    expect(sentToSignIn).toBe(2);
    expect(server.calls).toHaveLength(2);
  });

  it('fetches a file again once signed in again', async () => {
    signsInAgain('same-user');
    const file = await fileOf(downloadAccountStatementPdf, { query: { buyerId: 1 } });
    expect(await file.text()).toContain(urlOf(downloadAccountStatementPdf, { query: { buyerId: 1 } }));
    expect(server.calls.map((call) => call.token)).toEqual(['eski', 'yeni']);
  });
});

describe('a write whose answer is lost on the way (decision 159)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memoryStorage());
    startSession('eski', 'nihan');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is sent again with the same Idempotency-Key until an answer comes', async () => {
    const keys: (string | undefined)[] = [];
    let failures = 2;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']);
      if (failures-- > 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ success: true, data: { saved: true } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const answer = pay();
    await vi.runAllTimersAsync();
    expect((await answer).success).toBe(true);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/\S{8,}/);
  });

  it('gives each write its own key, and a read none', async () => {
    const keys: (string | undefined)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']);
      return new Response(JSON.stringify({ success: true, data: {} }), { status: 200 });
    });
    await pay();
    await pay();
    await readSummary();
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeUndefined();
  });

  it('reports the network error after the last retry, never sending a read again', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      throw new TypeError('Failed to fetch');
    });
    const write = pay();
    await vi.runAllTimersAsync();
    expect((await write).success).toBe(false);
    expect(calls).toBe(4);
    calls = 0;
    expect((await readSummary()).success).toBe(false);
    expect(calls).toBe(1);
  });
});
