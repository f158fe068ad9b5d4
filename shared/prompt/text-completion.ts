// Text Completion assembly (docs/prompt-assembly.md#text-completion): story string + examples + chat start + history (with injections and
// PHI) + the reply opener, plain or instruct-formatted, fitted to the context the way SillyTavern 1.18 fills it,
// and the stop strings.
import { blockBody, parseExampleTurns } from './examples.ts';
import { injectAtDepth } from './inject.ts';
import {
  instructFormatter,
  instructStopStrings,
  type InstructFormatter,
  type Speaker,
  type TurnPlace,
} from './instruct.ts';
import { isNarrator, prepare, type Prepared } from './prepare.ts';
import { renderStoryTemplate } from './story-string.ts';
import type { InstructTemplate } from './templates.ts';
import type { PromptInput, PromptPart, PromptResult, PromptSettings, Role, TokenCounter } from './types.ts';

/** SillyTavern's `token_padding`: tokens kept spare when filling the context. */
export const TOKEN_PADDING = 64;

interface Item {
  speaker: Speaker;
  /** The speaker's name ('' for unnamed turns: narrator, injected system text, the PHI). */
  name: string;
  text: string;
  /** Shows `Name: ` in instruct mode. */
  showName: boolean;
  injected: boolean;
}

const speakerOf: Record<Role, Speaker> = { system: 'system', user: 'user', assistant: 'char' };

function plainLine(item: Pick<Item, 'name' | 'text'>): string {
  return item.name ? `${item.name}: ${item.text}\n` : `${item.text}\n`;
}

function exampleFormatter(instruct: InstructTemplate | null, separator: string) {
  return (p: Pick<Prepared, 'user' | 'char' | 'expand'>, block: string): string => {
    // Plain text heads every block with the separator line (an empty line when there is none).
    if (!instruct) return `${separator}\n${blockBody(block)}`;
    const head = separator ? `${separator}\n` : '';
    if (instruct.skipExamples) return head + blockBody(block);
    const fmt = instructFormatter(instruct, p.expand);
    // Names: user example turns carry theirs unless names are off; character turns only with 'always'.
    const turns = parseExampleTurns(block, p.user, p.char).map((turn) =>
      turn.speaker === 'user'
        ? fmt.turn('user', turn.content, p.user, instruct.namesBehavior !== 'none')
        : fmt.turn('char', turn.content, p.char, instruct.namesBehavior === 'always'),
    );
    return head + turns.join('');
  };
}

function stopStrings(p: Prepared, settings: PromptSettings, impersonate: boolean): string[] {
  const { context, instruct } = settings.text;
  const out: string[] = [];
  if (context.singleLine) out.push('\n');
  if (context.namesAsStopStrings) out.push(impersonate ? `\n${p.char}:` : `\n${p.user}:`, `\n${p.user}:`);
  if (instruct) out.push(...instructStopStrings(instruct, p.user, p.char, p.expand));
  if (context.useStopStrings) {
    for (const line of [context.chatStart, context.exampleSeparator]) if (line) out.push(`\n${p.expand(line)}`);
  }
  return [...new Set(out)];
}

/** Renders one history item; the oldest and newest turns may take the template's first/last sequences. */
function render(fmt: InstructFormatter | null, item: Item, place: TurnPlace): string {
  if (!fmt) return plainLine(item);
  return fmt.turn(item.speaker, item.text, item.name, item.showName, place);
}

export function assembleTextCompletion(
  input: PromptInput,
  settings: PromptSettings,
  counter: TokenCounter,
): PromptResult {
  const t = settings.text;
  const { instruct, context } = t;
  const maxPrompt = t.maxContext - t.maxTokens;
  const impersonate = input.generationType === 'impersonate';
  const formatBlock = exampleFormatter(instruct, context.exampleSeparator);
  // `{{mesExamples}}` is resolved before the macro environment exists, so sequences inside it stay unexpanded.
  const p = prepare(
    input,
    settings,
    { maxContext: t.maxContext, maxResponse: t.maxTokens, maxPrompt },
    (blocks, user, char) => blocks.map((b) => formatBlock({ user, char, expand: (x) => x }, b)).join(''),
  );
  const fmt = instruct ? instructFormatter(instruct, p.expand) : null;
  const lore = input.lore ?? null;

  // docs/prompt-assembly.md#system-prompt: the card overrides get the system prompt *raw* as {{original}}; a disabled system prompt drops them too.
  let systemText = '';
  let phi = '';
  if (t.systemPrompt !== null) {
    systemText = p.fields.system ? p.expand(p.fields.system, t.systemPrompt) : p.expand(t.systemPrompt);
    if (instruct) systemText = p.expand(systemText);
    phi = p.fields.jailbreak
      ? p.expand(p.fields.jailbreak, t.postHistoryInstructions)
      : p.expand(t.postHistoryInstructions);
  }

  const persona = (input.persona.position ?? 'prompt') === 'prompt' ? p.fields.persona : '';
  const exampleTexts = p.blocks.map((b) => formatBlock(p, b));
  const vars: Record<string, string> = {
    system: systemText,
    description: p.fields.description,
    personality: p.fields.personality,
    scenario: p.fields.scenario,
    persona,
    char: p.char,
    user: p.user,
    wiBefore: lore?.worldInfoBefore ?? '',
    loreBefore: lore?.worldInfoBefore ?? '',
    wiAfter: lore?.worldInfoAfter ?? '',
    loreAfter: lore?.worldInfoAfter ?? '',
    anchorBefore: p.anchors.before,
    anchorAfter: p.anchors.after,
    mesExamples: exampleTexts.join(''),
    mesExamplesRaw: p.fields.mesExamples,
  };
  let story = p.expand(renderStoryTemplate(context.storyString, vars)).replace(/^\n+/, '');
  const keepUnterminated = instruct !== null && (!instruct.wrap || instruct.storyStringSuffix !== '');
  if (story && !story.endsWith('\n') && !keepUnterminated) story += '\n';
  if (fmt) story = fmt.storyString(story);

  // History: only the greeting (chat[0]) is re-expanded; user messages were expanded when sent, replies never are.
  const names = instruct?.namesBehavior ?? 'force';
  const real = p.coreChat.map((m): Item => {
    const raw = m.mes.replace(/\r/g, '');
    const text = m === input.chat[0] ? p.expand(raw) : raw;
    const speaker: Speaker = isNarrator(m) ? 'system' : m.is_user ? 'user' : 'char';
    const showName =
      speaker !== 'system' &&
      (names === 'always' || (names === 'force' && Boolean(m.force_avatar) && m.name !== p.user));
    return { speaker, name: speaker === 'system' ? '' : m.name, text, showName, injected: false };
  });
  const items = injectAtDepth(real, p.injections, (i): Item => {
    const speaker = speakerOf[i.role];
    const name = speaker === 'user' ? p.user : speaker === 'char' ? p.char : '';
    return { speaker, name, text: i.text, showName: names === 'always', injected: true };
  });
  // The PHI is an unnamed user turn after the injections: always last, never counted for depth.
  if (phi) items.push({ speaker: 'user', name: '', text: phi, showName: false, injected: false });
  const texts = new Map(
    items.map((item, i) => [item, render(fmt, item, i === 0 ? 'first' : i === items.length - 1 ? 'last' : 'middle')]),
  );

  const chatStart = context.chatStart ? `${p.expand(context.chatStart)}\n` : '';
  const alignment =
    fmt && instruct?.userAlignmentMessage
      ? fmt.turn('user', p.expand(instruct.userAlignmentMessage), '', false, 'first')
      : '';

  // The fill (docs/prompt-assembly.md#text-completion): the fixed text once with the padding, then each injected block, then the other turns newest
  // first, each counted on its own, while the running total stays under the budget. Examples get what is left,
  // counted over the text kept so far.
  const count = (text: string) => counter.count(text);
  let total = count(story + chatStart + alignment) + TOKEN_PADDING;
  const kept = new Set<Item>();
  const order: Item[] = [];
  const newestFirst = [...items].reverse();
  for (const item of newestFirst.filter((i) => i.injected)) {
    total += count(texts.get(item)!);
    if (total >= maxPrompt) break;
    kept.add(item);
    order.push(item);
  }
  for (const item of newestFirst) {
    if (kept.has(item) || item.injected) continue;
    total += count(texts.get(item)!);
    if (total >= maxPrompt) break;
    kept.add(item);
    order.push(item);
  }
  const history = items.filter((i) => kept.has(i));
  const historyTexts = history.map((i) => texts.get(i)!);
  let keptAlignment = '';
  if (alignment && history[0]?.speaker !== 'user') {
    total += count(alignment);
    keptAlignment = alignment;
    historyTexts.unshift(alignment);
  }

  total =
    count(story + chatStart + order.map((i) => texts.get(i)!).join('') + keptAlignment + alignment) + TOKEN_PADDING;
  const examples: string[] = [];
  for (const text of exampleTexts) {
    total += count(text);
    if (total >= maxPrompt) break;
    examples.push(text);
  }

  // The last message loses its newline (instruct: only when wrapped); the opener supplies the separator.
  if ((!instruct || instruct.wrap) && historyTexts.length)
    historyTexts[historyTexts.length - 1] = historyTexts.at(-1)!.replace(/\n$/, '');
  let lastLine = '';
  if (fmt) lastLine = impersonate ? fmt.opener('user', p.user) : fmt.opener('char', p.char);
  else if (impersonate) lastLine = `\n${p.user}:`;
  else if (context.alwaysForceName2) lastLine = `\n${p.char}:`;
  const historyText = historyTexts.join('');
  if (!fmt && lastLine && historyText.endsWith('\n')) lastLine = lastLine.slice(1);

  const prompt = story + examples.join('') + chatStart + historyText + lastLine;
  const turns = items.filter((i) => !i.injected);
  const keptTurns = turns.filter((i) => kept.has(i)).length;
  const parts: PromptPart[] = [
    { id: 'storyString', tokens: count(story) },
    {
      id: 'dialogueExamples',
      tokens: count(examples.join('')),
      kept: examples.length,
      dropped: exampleTexts.length - examples.length,
    },
    { id: 'chatStart', tokens: count(chatStart) },
    { id: 'chatHistory', tokens: count(historyText), kept: keptTurns, dropped: turns.length - keptTurns },
    { id: 'lastLine', tokens: count(lastLine) },
  ];
  return {
    mode: 'text',
    text: { prompt, stop: stopStrings(p, settings, impersonate) },
    parts,
    tokens: { total: count(prompt), budget: maxPrompt },
  };
}
