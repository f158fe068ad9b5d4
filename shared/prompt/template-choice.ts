// From template names (as SillyTavern shows them) to the templates in effect, with Bind to Context.
import {
  boundContext,
  contextTemplateNames,
  findContextTemplate,
  findInstructTemplate,
  instructTemplateNames,
} from './templates.ts';
import type { ContextTemplate, InstructTemplate } from './templates.ts';

export interface TemplateChoice {
  /** An instruct template's name; null or 'none' = instruct mode off. */
  instruct?: string | null;
  /** A context template's name; default: the bound one (Bind to Context) or the first-run Default. */
  context?: string;
  /** SillyTavern's default is off: choosing an instruct template leaves the context as it was. */
  bindToContext?: boolean;
  /** The user's own templates (imported files); they win over bundled ones of the same name. */
  custom?: { instruct?: InstructTemplate[]; context?: ContextTemplate[] };
}

export class UnknownTemplateError extends Error {
  readonly kind: 'instruct' | 'context';
  constructor(kind: 'instruct' | 'context', name: string, known: string[]) {
    super(`Unknown ${kind} template "${name}". Known: ${known.join(', ')}.`);
    this.name = 'UnknownTemplateError';
    this.kind = kind;
  }
}

const own = <T extends { name: string }>(list: T[] | undefined, name: string) =>
  list?.find((t) => t.name.toLowerCase() === name.toLowerCase());

export function chooseTemplates(choice: TemplateChoice): {
  instruct: InstructTemplate | null;
  context: ContextTemplate;
} {
  const { instruct: instructName, context: contextName, custom } = choice;
  let instruct: InstructTemplate | null = null;
  if (instructName && instructName.toLowerCase() !== 'none') {
    instruct = own(custom?.instruct, instructName) ?? findInstructTemplate(instructName) ?? null;
    if (!instruct)
      throw new UnknownTemplateError('instruct', instructName, [
        ...(custom?.instruct ?? []).map((t) => t.name),
        ...instructTemplateNames,
      ]);
  }
  if (contextName === undefined) {
    const bound = choice.bindToContext && instruct ? own(custom?.context, instruct.name) : undefined;
    return { instruct, context: bound ?? boundContext(instruct, choice.bindToContext ?? false) };
  }
  const context = own(custom?.context, contextName) ?? findContextTemplate(contextName);
  if (!context)
    throw new UnknownTemplateError('context', contextName, [
      ...(custom?.context ?? []).map((t) => t.name),
      ...contextTemplateNames,
    ]);
  return { instruct, context };
}
