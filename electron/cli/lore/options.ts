/** Option parsing shared by the lore commands. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../usage-error.ts';

export function parseCommandArgs<O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
  help: string,
) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message, help);
  }
}

/** `--timeout MS`: a whole number of milliseconds. */
export function timeoutOption(value: string | undefined, help: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1)
    throw new UsageError(`--timeout must be a whole number of milliseconds, got "${value}".`, help);
  return ms;
}
