/** A scenario field that is missing, mistyped or contradicts another: names the field path. */
import { InputError } from './read-json.ts';

export class ScenarioError extends InputError {
  readonly path: string;

  constructor(path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'ScenarioError';
    this.path = path;
  }
}
