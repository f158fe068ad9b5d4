import { lineOfPath } from '../util/json-location.ts';

/**
 * A scenario or lore-test field that is missing, mistyped or contradicts another: names the field path. Shared by
 * the CLI (which prefixes the file name) and the app (which turns it into an API `bad_input` detail).
 */
export class ScenarioError extends Error {
  readonly path: string;

  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'ScenarioError';
    this.path = path;
  }
}

/** The error with the line of its field in the file's text added, when the field (or its parent) is found. */
export function withLine(e: ScenarioError, text: string): ScenarioError {
  const line = lineOfPath(text, e.path);
  if (line !== undefined) e.message += ` (line ${line})`;
  return e;
}
