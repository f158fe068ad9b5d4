// Jinja rendering (@huggingface/jinja, no code execution) with limits, for chat templates and PPE templates alike:
// `range()` refuses to build more items than the list limit, and the rendered text is held to the output limit.
// Loops that build nothing are left to the sandbox's time limit.
import { Template } from '@huggingface/jinja';

export interface JinjaLimits {
  maxList: number;
  maxOutput: number;
}

/** A template that asked for more than a limit allows. */
export class JinjaLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JinjaLimitError';
  }
}

/** The name calls to `range` are pointed at; no template can declare it (`Template.render` refuses duplicates). */
const BOUNDED_RANGE = '__lorewright_range__';

/** Jinja's `range` (as the library implements it), counting its items before building them. */
function boundedRange(maxList: number) {
  return (start: number, stop?: number, step = 1): number[] => {
    if (stop === undefined) [start, stop] = [0, start];
    if (step === 0) throw new Error('range() step must not be zero');
    const count = Math.max(0, Math.ceil((stop - start) / step));
    if (!(count <= maxList))
      throw new JinjaLimitError(
        `range(${[start, stop, step].join(', ')}) would make ${count} items; the limit is ${maxList}`,
      );
    return Array.from({ length: count }, (_, i) => start + i * step);
  };
}

/** Points every `range(…)` call of the parsed template at the bounded range. */
function boundRangeCalls(node: unknown, seen = new Set<object>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const n = node as { type?: string; callee?: { type?: string; value?: unknown } };
  if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && n.callee.value === 'range')
    n.callee.value = BOUNDED_RANGE;
  for (const child of Object.values(node)) boundRangeCalls(child, seen);
}

/** Parses once; render with data and limits. Throws the library's errors for syntax and runtime problems. */
export function renderJinja(source: string, data: Record<string, unknown>, limits: JinjaLimits): string {
  const template = new Template(source);
  boundRangeCalls(template.parsed);
  const out = template.render({ ...data, [BOUNDED_RANGE]: boundedRange(limits.maxList) });
  if (out.length > limits.maxOutput)
    throw new JinjaLimitError(`the template rendered ${out.length} characters; the limit is ${limits.maxOutput}`);
  return out;
}
