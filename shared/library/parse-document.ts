/** Parses a stored document's text, failing with the line and column of the first syntax error. */
import yaml from 'js-yaml';
import { ApiError } from '../errors.ts';
import type { DocumentFormat } from './types.ts';
import { DEFAULT_MAX_DOCUMENT_BYTES, describeProblem, findTreeProblem } from '../util/document-limits.ts';

export type JsonObject = Record<string, unknown>;

export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function jsonErrorOffset(message: string): number | undefined {
  const m = /position (\d+)/.exec(message);
  return m ? Number(m[1]) : undefined;
}

export function detectFormat(text: string): DocumentFormat {
  const first = text.trimStart()[0];
  return first === '{' || first === '[' ? 'json' : 'yaml';
}

export function parseDocument(
  text: string,
  format: DocumentFormat = detectFormat(text),
  source = 'document',
): JsonObject {
  // Characters, not bytes: UTF-8 text is at least this many bytes, so the byte limit holds as well.
  if (text.length > DEFAULT_MAX_DOCUMENT_BYTES) {
    const message = `${source} is ${text.length.toLocaleString('en-US')} characters; the limit is ${DEFAULT_MAX_DOCUMENT_BYTES.toLocaleString('en-US')}`;
    throw new ApiError('bad_document', message, [{ path: '', message }]);
  }
  let value: unknown;
  if (format === 'json') {
    try {
      value = JSON.parse(text);
    } catch (e) {
      const msg = (e as Error).message;
      const offset = jsonErrorOffset(msg) ?? (/end of JSON input/.test(msg) ? text.length : undefined);
      const at = offset === undefined ? undefined : lineColumnAt(text, offset);
      const where = at ? ` at line ${at.line}, column ${at.column}` : '';
      throw new ApiError('bad_document', `${source} is not valid JSON${where}: ${msg}`, [
        { path: '', message: msg, ...at },
      ]);
    }
  } else {
    try {
      value = yaml.load(text, { schema: yaml.JSON_SCHEMA });
    } catch (e) {
      const err = e as { reason?: string; message: string; mark?: { line: number; column: number } };
      const at = err.mark ? { line: err.mark.line + 1, column: err.mark.column + 1 } : undefined;
      const where = at ? ` at line ${at.line}, column ${at.column}` : '';
      throw new ApiError('bad_document', `${source} is not valid YAML${where}: ${err.reason ?? err.message}`, [
        { path: '', message: err.reason ?? err.message, ...at },
      ]);
    }
  }
  const problem = findTreeProblem(value);
  if (problem)
    throw new ApiError('bad_document', `${source}: ${describeProblem(problem)}`, [
      { path: problem.pointer, message: problem.message },
    ]);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(
      'bad_document',
      `${source} must be an object at the top level, found ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}.`,
      [{ path: '', message: 'expected an object' }],
    );
  }
  return value as JsonObject;
}

/** Indentation of a JSON text, so edits can be written back in the author's style. */
export function detectIndent(text: string): number | string {
  const m = /^\{\s*?\n([ \t]+)"/.exec(text);
  if (!m?.[1]) return 2;
  return m[1].includes('\t') ? '\t' : m[1].length;
}

export function serializeDocument(doc: JsonObject, format: DocumentFormat, styleOf?: string): string {
  if (format === 'yaml') return yaml.dump(doc, { lineWidth: -1, noRefs: true });
  return JSON.stringify(doc, null, styleOf === undefined ? 2 : detectIndent(styleOf));
}
