import pretty from 'pino-pretty';
import type { Config } from './config.ts';

/**
 * The server's pino options. In a terminal the lines are short and readable (pino-pretty); piped to a
 * file or a log collector they stay JSON, one object a line. How much is logged is LOG_LEVEL's say:
 * by default warnings and errors only, so the start banner stays in view; `LOG_LEVEL=info` adds a
 * line per request (decision 45).
 */
export function logOptions(config: Pick<Config, 'logLevel'>, terminal = process.stdout.isTTY === true) {
  return {
    level: config.logLevel,
    redact: ['req.headers["auth-token"]', 'req.headers.authorization'],
    ...(terminal && {
      stream: pretty({
        colorize: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
        singleLine: true,
        sync: true,
      }),
    }),
  };
}
