/** A turn's plan from what callers hold (a card document, a transcript, a persona, a mode and template name). */
import { planTurn } from '../../../shared/chat/turn.ts';
import type { NamedBook, RequestTarget, TurnPlan, TurnType } from '../../../shared/chat/turn.ts';
import type { Transcript } from '../../../shared/chat/types.ts';
import { contextTemplates, instructTemplates } from '../../../shared/prompt/templates.ts';
import type { InstructTemplateName } from '../../../shared/prompt/templates.ts';
import type { DeepPartial, PromptSettings } from '../../../shared/prompt/types.ts';
import type { Tokenizer } from '../../../shared/tokenize/types.ts';

export const templateNames = Object.keys(instructTemplates) as InstructTemplateName[];

export interface TurnRequestOptions {
  card: unknown;
  transcript: Transcript;
  persona: { name: string; description?: string };
  books?: NamedBook[];
  type?: TurnType;
  mode: 'chat' | 'text';
  /** Instruct template for text mode; without one, the plain story-string prompt of a fresh install. */
  template?: string;
  /** A model's own Jinja chat template; in text mode it replaces the instruct template. */
  jinja?: string;
  /** Prompt settings merged over the defaults (the template's, when one is named, win for `text`). */
  settings?: DeepPartial<PromptSettings>;
  target: RequestTarget;
  tokenizer?: Tokenizer;
}

export class UnknownTemplateError extends Error {
  constructor(name: string) {
    super(`Unknown instruct template "${name}". Known: ${templateNames.join(', ')}.`);
    this.name = 'UnknownTemplateError';
  }
}

function templateSettings(name: string | undefined): DeepPartial<PromptSettings> | undefined {
  if (name === undefined) return undefined;
  if (!Object.hasOwn(instructTemplates, name)) throw new UnknownTemplateError(name);
  // SillyTavern's instruct presets come with the instruct context preset.
  return { text: { instruct: instructTemplates[name as InstructTemplateName], context: contextTemplates.instruct } };
}

export function turnPlan(o: TurnRequestOptions): TurnPlan {
  const jinja = o.mode === 'text' && o.jinja !== undefined;
  const template = o.mode === 'text' && !jinja ? templateSettings(o.template) : undefined;
  return planTurn({
    card: o.card,
    persona: o.persona,
    books: o.books,
    transcript: o.transcript,
    type: o.type,
    // A Jinja template renders the Chat Completion messages into one text prompt (sent to /completions).
    mode: jinja ? 'jinja' : o.mode,
    ...(jinja ? { jinja: { template: o.jinja! } } : {}),
    settings: { ...o.settings, ...(template ? { text: { ...o.settings?.text, ...template.text } } : {}) },
    tokenizer: o.tokenizer,
    target: o.target,
  });
}
