/** Talking to a started server the way the web app does: signed in, through the JSON envelope. */
import { ADMIN, type Server } from './server.ts';

/** The auth-token of the admin, or of the user given, on that server. */
export async function signIn(
  server: Server,
  credentials: { userName: string; password: string } = ADMIN,
): Promise<string> {
  const response = await fetch(`${server.url}/api/user-access/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = (await response.json()) as { success: boolean; data?: { authToken: string } };
  if (!response.ok || !body.data)
    throw new Error(`sign-in refused: ${response.status} ${JSON.stringify(body)}`);
  return body.data.authToken;
}

/** `count` more own warehouses through the API (stock lines follow through the triggers). */
export async function addWarehouses(server: Server, token: string, count: number): Promise<void> {
  for (let n = 1; n <= count; n += 1) {
    const { status, json } = await call(server, token, 'POST', '/api/warehouses', {
      shortName: `Bölge Deposu ${n}`,
      capacityInM3: 5000,
      surfaceAreaInSquareMeters: 1200,
    });
    if (status !== 200) throw new Error(`warehouse not created: ${JSON.stringify(json)}`);
  }
}

/**
 * The create body of a stockable item for the checks: a vacuum-packed cheese of `grams`, six to a box.
 * The checks differ only in its names and codes.
 */
export function itemBody(name: string, stockCode: string, barcode: string, grams = 500) {
  return {
    name,
    stockCode,
    barcode,
    packagingType: 'VACUUM_PACKAGE',
    warehouseStockType: 'FOODS',
    packagingUnitType: 'GRAM',
    packagingUnitTypeAmount: grams,
    width: 10,
    length: 10,
    height: 10,
    quantityInBox: 6,
    notes: '',
  };
}

/** One API call as a signed-in user; the envelope's data or error, with the HTTP status. */
export async function call(server: Server, token: string, method: string, url: string, body?: object) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json().catch(() => ({}))) as {
    data?: unknown;
    error?: { code: string; message: string };
  };
  return { status: response.status, json };
}

/** The answer's data, or a thrown error naming the step when the server refused it. */
export async function dataOf<T>(
  answer: Promise<{ status: number; json: { data?: unknown } }>,
  what: string,
): Promise<T> {
  const { status, json } = await answer;
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(json)}`);
  return json.data as T;
}

/** What a planned request came to: its HTTP status and, when refused, the error's code and message. */
export type Answered<T> = T & { status: number; code?: string; message?: string };

/** Sends the planned requests, `concurrency` at a time, in plan order; every one gets an answer. */
export async function sendAll<T>(
  plan: readonly T[],
  concurrency: number,
  send: (request: T) => ReturnType<typeof call>,
): Promise<Answered<T>[]> {
  const outcomes: Answered<T>[] = [];
  let cursor = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (cursor < plan.length) {
        const request = plan[cursor++]!;
        try {
          const response = await send(request);
          outcomes.push({
            ...request,
            status: response.status,
            code: response.json.error?.code,
            message: response.json.error?.message,
          });
        } catch (error) {
          outcomes.push({ ...request, status: 0, message: (error as Error).message });
        }
      }
    }),
  );
  return outcomes;
}
