/**
 * How many statements a bench server has sent to PostgreSQL so far, as its preload
 * (bench/harness/server-statements.ts) counts them: the file is emptied, the server is sent SIGUSR2 and
 * writes its count there.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export async function statementsSent(pid: number, file: string): Promise<number> {
  writeFileSync(file, '');
  process.kill(pid, 'SIGUSR2');
  const started = Date.now();
  while (Date.now() - started < 5_000) {
    const text = readFileSync(file, 'utf8');
    if (text.endsWith('\n')) return Number(text);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`server ${pid} did not write its statement count to ${file}`);
}
