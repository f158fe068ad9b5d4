// Template rendering: hf (Jinja via @huggingface/jinja, no code execution), plus the small fstring and golang
// substitution formats, which the reference runtime accepts but ignores.
import { Template } from '@huggingface/jinja';
import { JinjaLimitError, renderJinja } from '../util/jinja.ts';
import { LimitError, DEFAULT_SIZE_LIMITS, type SizeLimits } from './bounds.ts';

export type TemplateFormat = 'hf' | 'fstring' | 'golang';

const ALIASES: Record<string, TemplateFormat> = {
  hf: 'hf',
  huggingface: 'hf',
  jinja: 'hf',
  jinja2: 'hf',
  golang: 'golang',
  localai: 'golang',
  ollama: 'golang',
  fstring: 'fstring',
  python: 'fstring',
  'f-string': 'fstring',
  langchain: 'fstring',
};

export function templateFormatOf(name: unknown): TemplateFormat | undefined {
  const key = String(name).toLowerCase();
  return name === undefined || name === null ? 'hf' : Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
}

export class TemplateError extends Error {}

const lookupPath = (data: Record<string, unknown>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (v, key) =>
        v && typeof v === 'object' && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined,
      data,
    );

const show = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function renderTemplate(
  text: string,
  data: Record<string, unknown>,
  format: TemplateFormat = 'hf',
  limits: SizeLimits = DEFAULT_SIZE_LIMITS,
): string {
  if (format === 'fstring') {
    return text.replace(/\{\{|\}\}|\{([A-Za-z_][\w.]*)\}/g, (m, path?: string) =>
      m === '{{' ? '{' : m === '}}' ? '}' : show(lookupPath(data, path!)),
    );
  }
  if (format === 'golang') {
    return text.replace(/\{\{-?\s*(.*?)\s*-?\}\}/g, (_m, action: string) => {
      if (action === '.') return show(data);
      if (!/^\.[A-Za-z_][\w.]*$/.test(action))
        throw new TemplateError(
          `golang template action "{{${action}}}" is not supported; only {{.name}} substitutions are`,
        );
      return show(lookupPath(data, action.slice(1)));
    });
  }
  if (!/\{[{%#]/.test(text)) return text;
  try {
    return renderJinja(text, data, { maxList: limits.maxList, maxOutput: limits.maxString });
  } catch (e) {
    if (e instanceof JinjaLimitError) throw new LimitError(`template: ${e.message}`);
    throw new TemplateError(`template: ${(e as Error).message}`);
  }
}

/** Offset of the first `{{`, `{%` or `{#` without its closer, or -1. */
function unclosedTag(text: string): number {
  const closers: Record<string, string> = { '{{': '}}', '{%': '%}', '{#': '#}' };
  const re = /\{[{%#]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const close = text.indexOf(closers[m[0]]!, m.index + 2);
    if (close < 0) return m.index;
    re.lastIndex = close + 2;
  }
  return -1;
}

/** Syntax problems of an hf template, without rendering it. */
export function templateProblem(
  text: string,
): { kind: 'unclosed'; index: number } | { kind: 'syntax'; message: string } | undefined {
  const index = unclosedTag(text);
  if (index >= 0) return { kind: 'unclosed', index };
  if (!/\{[{%#]/.test(text)) return undefined;
  try {
    new Template(text);
    return undefined;
  } catch (e) {
    return { kind: 'syntax', message: (e as Error).message };
  }
}
