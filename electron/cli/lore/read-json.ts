/** Reads a JSON input file; a syntax error names the file, line and column, so authors can find it. */
import fs from 'node:fs';
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { lineColumnAt } from '../../../shared/library/parse-document.ts';
import { describeProblem, findTreeProblem } from '../../../shared/util/document-limits.ts';
import { ScenarioError } from '../../../shared/lorebook/scenario-error.ts';
import { SandboxLimitError } from '../../sandbox/index.ts';

/** An input the command could not use (exit 1, message printed as is). */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

export function readJsonFile(file: string, shownAs = file): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      `${shownAs}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, expected a JSON file' : (e as Error).message}`,
    );
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // V8's message does not always carry a position; jsonc-parser pinpoints the first syntax error.
    const errors: ParseError[] = [];
    parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false });
    const [first] = errors;
    const what = first
      ? printParseErrorCode(first.error)
          .replace(/(?<=[a-z])(?=[A-Z])/g, ' ')
          .toLowerCase()
      : (e as Error).message;
    const at = lineColumnAt(text, first?.offset ?? text.length);
    throw new InputError(`${shownAs}: not valid JSON at line ${at.line}, column ${at.column}: ${what}`);
  }
  const problem = findTreeProblem(value);
  if (problem) throw new InputError(`${shownAs}: ${describeProblem(problem)}`);
  return value;
}

/** The same error with the input file named first (once), as `lorewright: <file>: <what>` reads best. */
export function inFile(file: string, e: unknown): unknown {
  if (
    (e instanceof InputError || e instanceof ScenarioError || e instanceof SandboxLimitError) &&
    !e.message.startsWith(`${file}:`)
  )
    e.message = `${file}: ${e.message}`;
  return e;
}
