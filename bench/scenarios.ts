/**
 * A scenario of `npm run bench` and how it is measured: a warm-up, then autocannon against both server
 * processes (bench/load.ts), then its direct-SQL twin with the same concurrency (bench/direct-sql.ts).
 */
import type { Request } from 'autocannon';
import { direct } from './direct-sql.ts';
import type { Server } from './harness/server.ts';
import { type LoadOptions, load, type Measured } from './load.ts';

export type Scenario = {
  name: string;
  /** Which target of the issue it measures, for the summary line. */
  target?: 'search' | 'products' | 'basket' | 'my-work';
  connections: number;
  /** Movements are counted, not timed, so the ledger check can account for every one. */
  amount?: number;
  request: Request;
  direct: () => Promise<void>;
};

/** A measured scenario: one line of the table. */
export type Row = Pick<Scenario, 'target'> & {
  scenario: string;
  connections: number;
  http: Measured;
  direct: Measured;
};

export const log = (text: string) => console.log(`[bench] ${text}`);

/** The servers under the load of one request (bench/load.ts). */
function http(
  servers: Server[],
  token: string,
  length: LoadOptions['length'],
  connections: number,
  request: Request,
): Promise<Measured> {
  return load({ urls: servers.map((server) => server.url), token, length, connections, request });
}

/**
 * Each scenario in turn, `seconds` per measurement after `warmUpSeconds`; `movements` counts the
 * answered stock movements (the PUT scenario, warm-up included) for the ledger check.
 */
export async function measureScenarios(
  scenarios: readonly Scenario[],
  {
    servers,
    token,
    seconds,
    warmUpSeconds,
  }: { servers: Server[]; token: string; seconds: number; warmUpSeconds: number },
): Promise<{ rows: Row[]; movements: number }> {
  let movements = 0;
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    log(`${scenario.name}: warm-up, HTTP, direct SQL …`);
    const length = (span: number) =>
      scenario.amount ? { amount: Math.round((scenario.amount * span) / seconds) } : { seconds: span };
    const warm = await http(servers, token, length(warmUpSeconds), scenario.connections, scenario.request);
    const measuredHttp = await http(servers, token, length(seconds), scenario.connections, scenario.request);
    const measuredDirect = await direct(seconds, scenario.connections, scenario.direct);
    if (scenario.request.method === 'PUT') {
      movements = warm.count + measuredHttp.count + measuredDirect.count;
    }
    for (const [what, measured] of [
      ['HTTP', measuredHttp],
      ['direct SQL', measuredDirect],
    ] as const) {
      for (const [failure, times] of measured.failures) log(`  ${what}: ${times} × ${failure}`);
    }
    rows.push({
      target: scenario.target,
      scenario: scenario.name,
      connections: scenario.connections,
      http: measuredHttp,
      direct: measuredDirect,
    });
  }
  return { rows, movements };
}
