// Public API of prompt assembly.
export { assemblePrompt } from './assemble.ts';
export { characterFromCard } from './card.ts';
export { defaultSettings, resolveSettings } from './defaults.ts';
export { greetingMessage, type GreetingMessage } from './greeting.ts';
export { expandMacros, type MacroEnv, type MacroOptions } from './macros.ts';
export { renderChatTemplate } from './jinja.ts';
export { contextTemplates, instructTemplates, type ContextTemplate, type InstructTemplate, type InstructTemplateName } from './templates.ts';
export type * from './types.ts';
