// The World Info settings of a fresh SillyTavern 1.18 install (default/content/settings.json): what a scenario
// gets for every setting it does not spell out (preview, lore tests, test chats, the editor's preview panel).
import type { ScanSettings, ScenarioCharacter } from './model.ts';

export const DEFAULT_SCAN_SETTINGS: Readonly<ScanSettings> = Object.freeze({
  depth: 2,
  budget: 25,
  budgetCap: 0,
  minActivations: 0,
  minActivationsDepthMax: 0,
  maxRecursionSteps: 0,
  recursive: true,
  caseSensitive: false,
  matchWholeWords: true,
  includeNames: true,
  useGroupScoring: false,
  characterStrategy: 1,
  overflowAlert: false,
});

/** The character of a scenario that describes none (its avatar defaults from the name, see scenario-file.ts). */
export const DEFAULT_CHARACTER: Readonly<Omit<ScenarioCharacter, 'avatar'>> = Object.freeze({
  name: 'Character',
  tags: [],
  description: '',
  personality: '',
  scenario: '',
  creatorNotes: '',
  depthPrompt: '',
});
