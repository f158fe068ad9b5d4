// Splits the optional YAML front matter (first line `---` … closing `---`) from the body and parses it.
import { loadLocated, YamlError } from './located-yaml.ts';
import type { Diagnostic, FrontMatter } from './types.ts';

export interface FrontMatterSplit {
  frontMatter?: FrontMatter;
  /** 0-based index of the first body line. */
  bodyStart: number;
  diagnostics: Diagnostic[];
}

const FENCE = /^---\s*$/;

export function splitFrontMatter(lines: string[]): FrontMatterSplit {
  if (!FENCE.test(lines[0] ?? '')) return { bodyStart: 0, diagnostics: [] };
  const close = lines.findIndex((line, i) => i > 0 && FENCE.test(line));
  if (close < 0) {
    return {
      bodyStart: 1,
      diagnostics: [
        {
          code: 'front-matter-unclosed',
          severity: 'error',
          message: 'The front matter opened on line 1 has no closing "---" line.',
          line: 1,
          column: 1,
        },
      ],
    };
  }
  const range = { start: { line: 1, column: 1 }, end: { line: close + 1, column: 4 } };
  const text = lines.slice(1, close).join('\n');
  // A front matter that cannot be read leaves the body checkable: the error is the one diagnostic.
  const unreadable = (message: string, line: number, column: number): FrontMatterSplit => ({
    frontMatter: { data: {}, range },
    bodyStart: close + 1,
    diagnostics: [{ code: 'front-matter-yaml', severity: 'error', message, line, column }],
  });
  try {
    const node = loadLocated(text, 2);
    const value = node.value ?? {};
    if (typeof value !== 'object' || Array.isArray(value))
      return unreadable('The front matter must be a YAML mapping of keys to values.', 2, 1);
    return {
      frontMatter: { data: value as Record<string, unknown>, node, range },
      bodyStart: close + 1,
      diagnostics: [],
    };
  } catch (e) {
    if (!(e instanceof YamlError)) throw e;
    return unreadable(`Front matter YAML: ${e.message}.`, e.where.line, e.where.column);
  }
}
