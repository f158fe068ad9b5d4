// `fn(pos, key=value)` argument lists (chains, `[[@id(…)]]`, `$name(…)`, `[[VAR:k=v, name]]`).
import { evaluateExpression } from './expr-eval.ts';
import { ExprError } from './expr-parse.ts';
import type { ExprScope } from './expr-eval.ts';
import { splitTopLevel } from './scan.ts';

export interface ArgText {
  name?: string;
  text: string;
  /** Offset of the value text inside the argument list. */
  start: number;
}

export function splitArgs(text: string): ArgText[] {
  return splitTopLevel(text, ',')
    .filter((part) => part.text.trim() !== '')
    .map((part) => {
      const named = /^(\s*)([A-Za-z_][\w.]*)\s*=(?!=)\s*/.exec(part.text);
      if (named)
        return { name: named[2], text: part.text.slice(named[0].length).trim(), start: part.start + named[0].length };
      const lead = part.text.length - part.text.trimStart().length;
      return { text: part.text.trim(), start: part.start + lead };
    });
}

/**
 * An argument's value: quoted strings, numbers, booleans, arrays and objects are literals; `?=expr` is an
 * expression; a bare name is that variable when it exists; anything else (`5+2`, `hello`) is its own text.
 */
export function argValue(text: string, scope: ExprScope): unknown {
  if (text.startsWith('?=')) return evaluateExpression(text.slice(2), scope);
  if (/^(["'[{]|-?\d|true$|false$|null$)/.test(text)) {
    try {
      return evaluateExpression(text, { has: () => false, get: () => undefined, random: scope.random });
    } catch {
      return text;
    }
  }
  if (/^[A-Za-z_][\w.]*$/.test(text)) {
    const [head, ...rest] = text.split('.');
    if (scope.has(head!)) return rest.length ? evaluateExpression(text, scope) : scope.get(head!);
  }
  return text;
}

export interface CallArgs {
  positional: unknown[];
  named: Record<string, unknown>;
}

export function evaluateArgs(text: string | undefined, scope: ExprScope): CallArgs {
  // Named arguments become variables of a called script: a bare object, so `__proto__=…` is only a name.
  const out: CallArgs = { positional: [], named: Object.create(null) as Record<string, unknown> };
  for (const arg of splitArgs(text ?? '')) {
    let value: unknown;
    try {
      value = argValue(arg.text, scope);
    } catch (e) {
      // Re-based from the argument's expression to the whole list, so the error points into the source.
      if (e instanceof ExprError)
        throw new ExprError(e.message, arg.start + (arg.text.startsWith('?=') ? 2 : 0) + e.where);
      throw e;
    }
    if (arg.name) out.named[arg.name] = value;
    else out.positional.push(value);
  }
  return out;
}
