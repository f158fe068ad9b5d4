/** A turn's plan from what callers hold (a card document, a transcript, a persona, a mode and template name). */
import { planTurn } from '../../../shared/chat/turn.ts';
import type { NamedBook, RequestTarget, TurnPlan, TurnType } from '../../../shared/chat/turn.ts';
import type { Transcript } from '../../../shared/chat/types.ts';
import { chooseTemplates, type TemplateChoice } from '../../../shared/prompt/template-choice.ts';
import type { DeepPartial, PromptSettings } from '../../../shared/prompt/types.ts';
import type { Tokenizer } from '../../../shared/tokenize/types.ts';

export { UnknownTemplateError } from '../../../shared/prompt/template-choice.ts';

export interface TurnRequestOptions {
  card: unknown;
  transcript: Transcript;
  persona: { name: string; description?: string };
  books?: NamedBook[];
  type?: TurnType;
  mode: 'chat' | 'text';
  /** Text mode's templates by SillyTavern's names; without any, the plain first-run prompt of a fresh install. */
  templates?: TemplateChoice;
  /** A model's own Jinja chat template; in text mode it replaces the instruct template. */
  jinja?: string;
  /** Prompt settings merged over the defaults (the template's, when one is named, win for `text`). */
  settings?: DeepPartial<PromptSettings>;
  target: RequestTarget;
  tokenizer?: Tokenizer;
}

export function turnPlan(o: TurnRequestOptions): TurnPlan {
  const jinja = o.mode === 'text' && o.jinja !== undefined;
  const template = o.mode === 'text' && !jinja && o.templates ? chooseTemplates(o.templates) : undefined;
  return planTurn({
    card: o.card,
    persona: o.persona,
    books: o.books,
    transcript: o.transcript,
    type: o.type,
    // A Jinja template renders the Chat Completion messages into one text prompt (sent to /completions).
    mode: jinja ? 'jinja' : o.mode,
    ...(jinja ? { jinja: { template: o.jinja! } } : {}),
    settings: { ...o.settings, ...(template ? { text: { ...o.settings?.text, ...template } } : {}) },
    tokenizer: o.tokenizer,
    target: o.target,
  });
}
