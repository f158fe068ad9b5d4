// A user's own SillyTavern settings.json, read for what prompt assembly uses: the instruct and context templates in
// effect (with instruct mode on or off), the system prompt and post-history instructions, the limits of both APIs,
// the "prefer character" switches, and the user's name and persona description.
import { contextFromSillyTavern, instructFromSillyTavern, TemplateError, withAnchors } from './templates.ts';
import type { DeepPartial, PromptSettings } from './types.ts';
import { isObject } from '../util/is-object.ts';

export interface SillyTavernSettings {
  settings: DeepPartial<PromptSettings>;
  /** `main_api`: Chat Completion when it is "openai", else Text Completion. */
  mode: 'chat' | 'text';
  userName?: string;
  persona?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export function settingsFromSillyTavern(json: unknown, where = 'settings.json'): SillyTavernSettings {
  if (!isObject(json)) throw new TemplateError(`${where}: expected a JSON object`);
  const pu = isObject(json.power_user) ? json.power_user : {};
  const oai = isObject(json.oai_settings) ? json.oai_settings : {};
  const instructRaw = isObject(pu.instruct) ? pu.instruct : {};
  const contextRaw = isObject(pu.context) ? pu.context : {};
  const sysprompt = isObject(pu.sysprompt) ? pu.sysprompt : {};

  const instruct =
    instructRaw.enabled === true
      ? instructFromSillyTavern({ name: instructRaw.preset, ...instructRaw }, `${where}: power_user.instruct`)
      : null;
  // The global switches a context preset sets live beside it; a story string saved without a position gets the
  // anchors SillyTavern adds when it loads one.
  const context = contextFromSillyTavern(
    { name: contextRaw.preset, ...contextRaw, always_force_name2: pu.always_force_name2, single_line: pu.single_line },
    `${where}: power_user.context`,
  );
  if (contextRaw.story_string_position === undefined) context.storyString = withAnchors(context.storyString);

  const main = Array.isArray(oai.prompts) ? oai.prompts.find((p) => isObject(p) && p.identifier === 'main') : undefined;
  const phi = Array.isArray(oai.prompts)
    ? oai.prompts.find((p) => isObject(p) && p.identifier === 'jailbreak')
    : undefined;
  const settings: DeepPartial<PromptSettings> = defined({
    preferCharacterPrompt: bool(pu.prefer_character_prompt),
    preferCharacterInstructions: bool(pu.prefer_character_jailbreak),
    text: defined({
      instruct,
      context,
      systemPrompt: sysprompt.enabled === false ? null : str(sysprompt.content),
      postHistoryInstructions: str(sysprompt.post_history),
      maxContext: num(json.max_context),
      maxTokens: num(json.amount_gen),
    }),
    chat: defined({
      mainPrompt: isObject(main) ? str(main.content) : undefined,
      postHistoryInstructions: isObject(phi) ? str(phi.content) : undefined,
      maxContext: num(oai.openai_max_context),
      maxTokens: num(oai.openai_max_tokens),
    }),
  });
  return defined({
    settings,
    mode: json.main_api === 'openai' ? 'chat' : 'text',
    userName: str(json.username) || undefined,
    persona: str(pu.persona_description) || undefined,
  });
}
