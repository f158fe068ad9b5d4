// Public API of prompt assembly.
export { assemblePrompt } from './assemble.ts';
export { characterFromCard } from './card.ts';
export { defaultSettings, resolveSettings } from './defaults.ts';
export { greetingMessage, type GreetingMessage } from './greeting.ts';
export { expandMacros, type MacroEnv, type MacroOptions } from './macros.ts';
export { renderChatTemplate } from './jinja.ts';
export {
  boundContext,
  contextFromSillyTavern,
  contextTemplateNames,
  findContextTemplate,
  findInstructTemplate,
  firstRunContext,
  instructFromSillyTavern,
  instructTemplateNames,
  TemplateError,
  type ContextTemplate,
  type InstructTemplate,
} from './templates.ts';
export { chooseTemplates, UnknownTemplateError, type TemplateChoice } from './template-choice.ts';
export { settingsFromSillyTavern, type SillyTavernSettings } from './st-settings.ts';
export type * from './types.ts';
