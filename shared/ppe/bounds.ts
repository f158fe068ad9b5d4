// Size limits of what a script builds (strings, lists, the whole output), checked before the work is done so a
// hostile script fails with a clear error instead of exhausting memory.
import type { EvalLimits } from '../sandbox/limits.ts';

export type SizeLimits = Pick<EvalLimits, 'maxString' | 'maxList' | 'maxOutput'>;
