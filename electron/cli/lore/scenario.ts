/**
 * Reads a scenario file for `preview` and `test` (the format and its checks are in shared/lorebook/scenario-file.ts
 * and scenario-schema.ts): books named by path are read relative to the file, and a problem names the file, the
 * field path and its line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadScenario, type LoadedScenario } from '../../../shared/lorebook/scenario-file.ts';
import { ScenarioError, withLine } from '../../../shared/lorebook/scenario-error.ts';
import { readJsonFile } from './read-json.ts';

export type { LoadedScenario } from '../../../shared/lorebook/scenario-file.ts';

export function loadScenarioFile(file: string, shownAs = file): LoadedScenario {
  const doc = readJsonFile(file, shownAs);
  const dir = path.dirname(path.resolve(file));
  try {
    return loadScenario(doc, (book, at) => readJsonFile(path.resolve(dir, book), `${at} (${book})`));
  } catch (e) {
    if (e instanceof ScenarioError) throw withLine(e, fs.readFileSync(file, 'utf8'));
    throw e;
  }
}
