import pino from 'pino';
import { redactingSerializers } from './log-redaction.js';
import type { Config } from './config.js';

export function createLogger(config: Pick<Config, 'logLevel'>) {
  return pino({ level: config.logLevel, serializers: redactingSerializers });
}
