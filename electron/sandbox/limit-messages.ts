/** The errors of evaluations stopped by a limit, each naming what to fix: the entry and key, the script line. */
import type { WorldInfoBook } from '../../shared/lorebook/model.ts';
import { findRegexKey } from '../../shared/lorebook/regex-keys.ts';
import { regexKeyCulpritText } from '../../shared/sandbox/limit-messages.ts';
import { PpeRunError } from '../../shared/ppe/run-error.ts';
import { SandboxLimitError, type LimitHit } from './errors.ts';

export interface ScanSubject {
  /** What ran, for the message: "the World Info scan", "the prompt assembly". */
  what: string;
  books: Readonly<Record<string, WorldInfoBook>>;
  names: { user: string; char: string };
  /** A Jinja template that was part of the work, named when no regex key is to blame. */
  template?: string;
}

/** Lines of a template that loop, as `line N: {% for … %}`, to point at when a render ran away. */
function loopLines(template: string): string {
  const lines = template.split('\n');
  const found = lines.flatMap((text, i) =>
    /\{%-?\s*for\b/.test(text) ? [`line ${i + 1}: ${text.trim().slice(0, 80)}`] : [],
  );
  return found.length ? ` (its loops: ${found.slice(0, 3).join('; ')})` : '';
}

export function scanLimitError(subject: ScanSubject, hit: LimitHit): SandboxLimitError {
  const { what } = subject;
  if (hit.kind === 'memory') {
    const template =
      subject.template === undefined
        ? ''
        : `; the Jinja chat template${loopLines(subject.template)} is the likely cause`;
    return new SandboxLimitError(
      `${what} went over its ${hit.limit} MiB memory limit and was stopped${template}.`,
      hit,
    );
  }
  const head = `${what} did not finish within ${hit.limit} ms`;
  if (hit.regex) {
    const ref = findRegexKey(subject.books, subject.names, hit.regex.source, hit.regex.flags);
    if (ref) {
      return new SandboxLimitError(`${head}: ${regexKeyCulpritText(ref)}.`, hit, {
        book: ref.book,
        uid: ref.uid,
        comment: ref.comment,
        key: ref.key,
      });
    }
    return new SandboxLimitError(
      `${head}: the regular expression /${hit.regex.source}/${hit.regex.flags} backtracks catastrophically (a single run of it on this chat did not finish).`,
      hit,
    );
  }
  if (subject.template !== undefined)
    return new SandboxLimitError(
      `${head}: no regex key was slow, so the Jinja chat template runs too long${loopLines(subject.template)}.`,
      hit,
    );
  const cause = hit.diagnosedAll
    ? 'every regex key is fast on its own, so the book is too large for this limit'
    : 'no single regex key was found to be slow before the limit';
  return new SandboxLimitError(`${head}: ${cause}.`, hit);
}

/** A PPE run stopped by a limit: a run error at the line it had reached, with that line's text. */
export function ppeLimitError(document: string, scriptId: string | undefined, hit: LimitHit): PpeRunError {
  const code = hit.kind === 'memory' ? 'memory-limit' : 'time-limit';
  const what =
    hit.kind === 'memory'
      ? `went over its ${hit.limit} MiB memory limit`
      : `did not finish within ${hit.limit} ms (time spent waiting for the model not counted)`;
  const own = hit.script === undefined || hit.script === scriptId;
  const text = own && hit.line ? document.split('\n')[hit.line - 1]?.trim() : undefined;
  const where = hit.line
    ? `; it was running line ${hit.line}${own ? '' : ` of script "${hit.script}"`}${text ? `: ${text.slice(0, 120)}` : ''}`
    : '';
  const pos = hit.line ? { line: hit.line, column: hit.column ?? 1 } : undefined;
  return new PpeRunError(code, `The script ${what} and was stopped${where}.`, pos, own ? scriptId : hit.script);
}
