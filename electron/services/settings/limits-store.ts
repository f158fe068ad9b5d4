/**
 * The evaluation limits chosen in Settings, in `limits.json` beside the library file (a host setting like
 * connections.json, not library content). Only the limits the user changed are stored; the rest follow the defaults.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../shared/errors.ts';
import { LIMIT_NAMES, type EvalLimits } from '../../../shared/sandbox/limits.ts';
import { writeFileAtomic } from '../convert/atomic-write.ts';

export class LimitsStore {
  readonly file: string;

  constructor(libraryFile: string) {
    this.file = path.join(path.dirname(path.resolve(libraryFile)), 'limits.json');
  }

  /** The stored overrides (numbers only; the pool clamps them into range). */
  read(): Partial<EvalLimits> {
    if (!fs.existsSync(this.file)) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch (e) {
      throw new ApiError('bad_document', `${this.file} is not valid JSON: ${(e as Error).message}`);
    }
    const stored: Partial<EvalLimits> = {};
    if (typeof parsed !== 'object' || parsed === null) return stored;
    for (const name of LIMIT_NAMES) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === 'number') stored[name] = value;
    }
    return stored;
  }

  async write(limits: Partial<EvalLimits>): Promise<void> {
    await writeFileAtomic(this.file, new TextEncoder().encode(`${JSON.stringify(limits, null, 2)}\n`), 'durable');
  }
}
