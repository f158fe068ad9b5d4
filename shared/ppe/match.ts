// `$match` arm patterns: `_`, `/re/flags`, comparisons (`> 12`), ranges (`1..5`, `1..<5`, `1>..5`), exact values
// and `a || b` alternatives. Array and object destructuring patterns are not in the subset.

export type Pattern =
  | { kind: 'any' }
  | { kind: 'regex'; re: RegExp }
  | { kind: 'compare'; op: string; value: unknown }
  | { kind: 'range'; low: number; high: number; lowOpen: boolean; highOpen: boolean }
  | { kind: 'exact'; values: unknown[] };

export class PatternError extends Error {
  readonly unsupported: boolean;
  constructor(message: string, unsupported = false) {
    super(message);
    this.unsupported = unsupported;
  }
}

const NUM = String.raw`-?\d+(?:\.\d+)?`;
const RANGE = new RegExp(`^(${NUM})\\s*(>?)\\.\\.(<?)\\s*(${NUM})$`);

/** A literal as written in a pattern: quoted string, number, boolean, null or a bare word (a string). */
function literal(text: string): unknown {
  const t = text.trim();
  if (/^(["']).*\1$/s.test(t)) return t.slice(1, -1);
  if (new RegExp(`^${NUM}$`).test(t)) return Number(t);
  if (t === 'true' || t === 'false') return t === 'true';
  if (t === 'null') return null;
  return t;
}

export function parsePattern(source: string): Pattern {
  const text = source.trim();
  if (text === '_') return { kind: 'any' };
  const regex = /^\/(.*)\/([dgimsuvy]*)$/s.exec(text);
  if (regex) {
    try {
      return { kind: 'regex', re: new RegExp(regex[1]!, regex[2]!.replace('g', '')) };
    } catch (e) {
      throw new PatternError(`invalid regular expression: ${(e as Error).message}`);
    }
  }
  const compare = /^(===|!==|==|!=|>=|<=|>|<)\s*(.+)$/s.exec(text);
  if (compare) return { kind: 'compare', op: compare[1]!, value: literal(compare[2]!) };
  const range = RANGE.exec(text);
  if (range)
    return {
      kind: 'range',
      low: Number(range[1]),
      lowOpen: range[2] === '>',
      highOpen: range[3] === '<',
      high: Number(range[4]),
    };
  if (/^[[{]/.test(text))
    throw new PatternError(`array and object patterns ("${text}") are not run by Lorewright`, true);
  return { kind: 'exact', values: text.split('||').map(literal) };
}

export function matches(pattern: Pattern, value: unknown): boolean {
  switch (pattern.kind) {
    case 'any':
      return true;
    case 'regex':
      return pattern.re.test(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    case 'compare': {
      const [a, b] = [value as number, pattern.value as number];
      const ops: Record<string, boolean> = {
        '>': a > b,
        '<': a < b,
        '>=': a >= b,
        '<=': a <= b,
        '==': a == b,
        '!=': a != b,
        '===': a === b,
        '!==': a !== b,
      };
      return ops[pattern.op]!;
    }
    case 'range': {
      const n = Number(value);
      if (typeof value === 'boolean' || value === null || value === '' || Number.isNaN(n)) return false;
      return (
        (pattern.lowOpen ? n > pattern.low : n >= pattern.low) &&
        (pattern.highOpen ? n < pattern.high : n <= pattern.high)
      );
    }
    case 'exact':
      return pattern.values.some(
        (v) =>
          v === value ||
          (typeof v === 'number' && typeof value === 'string' && value.trim() !== '' && Number(value) === v) ||
          (typeof v === 'string' && typeof value === 'number' && String(value) === v),
      );
  }
}
