// Text Completion assembly (reference §3): story string + examples + chat start + history (with injections and
// PHI) + the last line, plain or instruct-formatted, and the stop strings.
import { blockBody, parseExampleTurns } from './examples.ts';
import { injectAtDepth } from './inject.ts';
import { instructFormatter, type InstructFormatter, type Speaker } from './instruct.ts';
import { isNarrator, prepare, type Prepared } from './prepare.ts';
import { renderStoryTemplate } from './story-string.ts';
import type { InstructTemplate } from './templates.ts';
import type { PromptInput, PromptPart, PromptResult, PromptSettings, Role, TokenCounter } from './types.ts';

/** SillyTavern keeps this many tokens spare when filling the history. */
const PADDING = 64;

interface Item {
  text: string;
  injected: boolean;
}

const speakerOf: Record<Role, Speaker> = { system: 'system', user: 'user', assistant: 'char' };

function formatTurn(p: Prepared, fmt: InstructFormatter | null, speaker: Speaker, text: string, showName: boolean): string {
  const name = speaker === 'user' ? p.user : speaker === 'char' ? p.char : '';
  if (fmt) return fmt.turn(speaker, text, name, showName);
  return name ? `${name}: ${text}\n` : `${text}\n`;
}

function exampleFormatter(instruct: InstructTemplate | null, separator: string) {
  return (p: Pick<Prepared, 'user' | 'char' | 'expand'>, block: string): string => {
    const head = separator ? `${separator}\n` : '';
    if (!instruct) return head + blockBody(block);
    const fmt = instructFormatter(instruct, p.expand);
    // Names: user example turns always carry theirs unless names are off; character turns only with 'always'.
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
  if (context.namesAsStopStrings) out.push(...(impersonate ? [`\n${p.char}:`] : []), `\n${p.user}:`);
  if (instruct) {
    const lead = instruct.wrap ? '\n' : '';
    if (instruct.stopSequence) out.push(lead + instruct.stopSequence);
    if (instruct.sequencesAsStopStrings) {
      for (const seq of [instruct.inputSequence, instruct.outputSequence, instruct.systemSequence]) {
        for (const line of seq.split('\n')) if (line.trim()) out.push(lead + line);
      }
    }
  }
  if (context.useStopStrings) {
    for (const line of [context.chatStart, context.exampleSeparator]) if (line) out.push(`\n${p.expand(line)}`);
  }
  return [...new Set(out)];
}

export function assembleTextCompletion(input: PromptInput, settings: PromptSettings, counter: TokenCounter): PromptResult {
  const t = settings.text;
  const { instruct, context } = t;
  const maxPrompt = t.maxContext - t.maxTokens;
  const impersonate = input.generationType === 'impersonate';
  const formatBlock = exampleFormatter(instruct, context.exampleSeparator);
  // `{{mesExamples}}` is resolved before the macro environment exists, so sequences inside it stay unexpanded.
  const p = prepare(input, settings, { maxContext: t.maxContext, maxResponse: t.maxTokens, maxPrompt }, (blocks, user, char) =>
    blocks.map((b) => formatBlock({ user, char, expand: (x) => x }, b)).join(''),
  );
  const fmt = instruct ? instructFormatter(instruct, p.expand) : null;
  const lore = input.lore ?? null;

  // §3.1: the card overrides get the system prompt *raw* as {{original}}; a disabled system prompt drops them too.
  let systemText = '';
  let phi = '';
  if (t.systemPrompt !== null) {
    systemText = p.fields.system ? p.expand(p.fields.system, t.systemPrompt) : p.expand(t.systemPrompt);
    if (instruct) systemText = p.expand(systemText);
    phi = p.fields.jailbreak ? p.expand(p.fields.jailbreak, t.postHistoryInstructions) : p.expand(t.postHistoryInstructions);
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
  if (!story.endsWith('\n') && !keepUnterminated) story += '\n';
  if (instruct) {
    const prefix = instruct.storyStringPrefix ? instruct.storyStringPrefix + (instruct.wrap ? '\n' : '') : '';
    story = prefix + story + instruct.storyStringSuffix;
  }

  // History: only the greeting (chat[0]) is re-expanded; user messages were expanded when sent, replies never are.
  const names = instruct?.namesBehavior ?? 'force';
  const items = p.coreChat.map((m): Item => {
    const raw = m.mes.replace(/\r/g, '');
    const text = m === input.chat[0] ? p.expand(raw) : raw;
    const speaker: Speaker = isNarrator(m) ? 'system' : m.is_user ? 'user' : 'char';
    if (!fmt) return { text: speaker === 'system' ? `${text}\n` : `${m.name}: ${text}\n`, injected: false };
    const showName = speaker !== 'system' && (names === 'always' || (names === 'force' && Boolean(m.force_avatar) && m.name !== p.user));
    const line = formatTurn(p, fmt, speaker, text, showName);
    return { text: line, injected: false };
  });
  const injected = injectAtDepth(items, p.injections, (i) => {
    const speaker = speakerOf[i.role];
    return { text: formatTurn(p, fmt, speaker, i.text, !fmt || names === 'always'), injected: true };
  });

  // Last line (§3.6): instruct opens the reply turn; plain text forces the speaker's name.
  let lastLine = '';
  if (fmt && instruct) {
    const seq = impersonate ? instruct.inputSequence : instruct.lastOutputSequence || instruct.outputSequence;
    const opened = fmt.sep + (instruct.wrap ? seq.trimEnd() : seq);
    const name = impersonate ? p.user : p.char;
    lastLine = instruct.namesBehavior === 'always' ? `${opened}${fmt.sep}${name}:` : opened + fmt.sep;
  } else if (impersonate) lastLine = `\n${p.user}:`;
  else if (t.alwaysForceName2) lastLine = `\n${p.char}:`;

  const chatStart = context.chatStart ? `${p.expand(context.chatStart)}\n` : '';
  const phiItem = phi ? formatTurn(p, fmt, 'user', phi, false) : '';
  // Each piece is counted once; totals are sums (BPE merges across piece boundaries are ignored, as in ST's fill).
  const costs = new Map(injected.map((item) => [item, counter.count(item.text)]));
  const fixed = { story: counter.count(story), chatStart: counter.count(chatStart), phi: counter.count(phiItem), lastLine: counter.count(lastLine) };
  let used = fixed.story + fixed.chatStart + fixed.phi + fixed.lastLine;
  const kept = new Set<Item>();
  for (const item of injected) {
    if (!item.injected) continue;
    used += costs.get(item)!;
    kept.add(item);
  }
  let historyTokens = used - fixed.story - fixed.chatStart - fixed.lastLine;
  for (let i = injected.length - 1; i >= 0; i--) {
    const item = injected[i]!;
    if (item.injected) continue;
    const cost = costs.get(item)!;
    if (used + cost + PADDING >= maxPrompt) break;
    used += cost;
    historyTokens += cost;
    kept.add(item);
  }
  const history = injected.filter((i) => kept.has(i)).map((i) => i.text);
  if (instruct?.userAlignmentMessage && !history[0]?.startsWith(instruct.inputSequence)) {
    const alignment = formatTurn(p, fmt, 'user', p.expand(instruct.userAlignmentMessage), false);
    history.unshift(alignment);
    historyTokens += counter.count(alignment);
  }
  if (phiItem) history.push(phiItem);
  // The last message loses its newline; the last line supplies the separator.
  const stripLast = !instruct || instruct.wrap;
  if (stripLast && history.length) history[history.length - 1] = history[history.length - 1]!.replace(/\n$/, '');

  const examples: string[] = [];
  let exampleTokens = 0;
  for (const text of exampleTexts) {
    const cost = counter.count(text);
    if (used + cost + PADDING >= maxPrompt) break;
    used += cost;
    exampleTokens += cost;
    examples.push(text);
  }

  const prompt = story + examples.join('') + chatStart + history.join('') + lastLine;
  const keptReal = injected.filter((i) => !i.injected && kept.has(i)).length;
  const parts: PromptPart[] = [
    { id: 'storyString', tokens: fixed.story },
    { id: 'dialogueExamples', tokens: exampleTokens, kept: examples.length, dropped: exampleTexts.length - examples.length },
    { id: 'chatStart', tokens: fixed.chatStart },
    { id: 'chatHistory', tokens: historyTokens, kept: keptReal, dropped: items.length - keptReal },
    { id: 'lastLine', tokens: fixed.lastLine },
  ];
  return {
    mode: 'text',
    text: { prompt, stop: stopStrings(p, settings, impersonate) },
    parts,
    tokens: { total: parts.reduce((sum, part) => sum + part.tokens, 0), budget: maxPrompt },
  };
}
