// Chat Completion assembly (docs/prompt-assembly.md#chat-completion): Prompt Manager order, card overrides with {{original}}, examples and
// history as messages, depth injections, the budget fill (history newest-first, then whole example blocks).
import { parseExampleTurns } from './examples.ts';
import { injectAtDepth } from './inject.ts';
import { isNarrator, prepare, type Prepared } from './prepare.ts';
import type { ChatMessage, PromptInput, PromptPart, PromptResult, PromptSettings, TokenCounter } from './types.ts';

/** OpenAI's documented framing cost of one chat message, on top of its content and name. */
const MESSAGE_OVERHEAD = 3;

const messageTokens = (counter: TokenCounter, m: ChatMessage): number =>
  counter.count(m.content) + (m.name ? counter.count(m.name) : 0) + MESSAGE_OVERHEAD;

const system = (content: string): ChatMessage => ({ role: 'system', content });

/** The OpenAI `name` field accepts `[A-Za-z0-9_]{1,64}`. */
const sanitizeName = (name: string): string => name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64);

function exampleMessages(p: Prepared, block: string, header: string): ChatMessage[] {
  const turns = parseExampleTurns(block, p.user, p.char).map((turn): ChatMessage => ({
    role: 'system',
    content: turn.content,
    name: turn.speaker === 'user' ? 'example_user' : 'example_assistant',
  }));
  return [system(header), ...turns];
}

interface HistoryItem {
  message: ChatMessage;
  injected: boolean;
}

function historyItems(p: Prepared): HistoryItem[] {
  const behavior = p.settings.chat.namesBehavior;
  const items = p.coreChat.map((m): HistoryItem => {
    const narrator = isNarrator(m);
    const role = m.is_user ? 'user' : narrator ? 'system' : 'assistant';
    // Chat Completion re-expands every message at each build, so a stored {{user}} follows the current persona.
    let content = p.expand(m.mes.replace(/\r/g, ''));
    const message: ChatMessage = { role, content };
    if (!narrator) {
      const prefixed =
        behavior === 'content' || (behavior === 'default' && Boolean(m.force_avatar) && m.name !== p.user);
      if (prefixed) content = `${m.name}: ${content}`;
      if (behavior === 'completion') message.name = sanitizeName(m.name);
    }
    message.content = content;
    return { message, injected: false };
  });
  return injectAtDepth(items, p.injections, (i) => ({ message: { role: i.role, content: i.text }, injected: true }));
}

function squash(messages: ChatMessage[], unmergeable: Set<ChatMessage>): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of messages) {
    const prev = out[out.length - 1];
    const plain = (x: ChatMessage | undefined): x is ChatMessage =>
      !!x && x.role === 'system' && !x.name && !unmergeable.has(x);
    if (plain(m) && plain(prev)) out[out.length - 1] = { ...prev, content: `${prev.content}\n${m.content}` };
    else out.push(m);
  }
  return out;
}

export function assembleChatCompletion(
  input: PromptInput,
  settings: PromptSettings,
  counter: TokenCounter,
): PromptResult {
  const s = settings.chat;
  const budget = s.maxContext - s.maxTokens - 3;
  const p = prepare(
    input,
    settings,
    { maxContext: s.maxContext, maxResponse: s.maxTokens, maxPrompt: budget },
    (blocks) => blocks.join(''),
  );
  const type = input.generationType ?? 'normal';
  const lore = input.lore ?? null;
  const counted = new Map<ChatMessage, number>();
  const tokensOf = (m: ChatMessage): number => {
    if (!m.content) return 0;
    let t = counted.get(m);
    if (t === undefined) counted.set(m, (t = messageTokens(counter, m)));
    return t;
  };
  const cost = (ms: ChatMessage[]) => ms.reduce((sum, m) => sum + tokensOf(m), 0);

  let main = p.expand(s.mainPrompt);
  if (p.fields.system) main = p.expand(p.fields.system, main);
  let jailbreak = p.expand(s.postHistoryInstructions);
  if (p.fields.jailbreak) jailbreak = p.expand(p.fields.jailbreak, jailbreak);
  const anchor = (content: string): ChatMessage[] => (content ? [{ role: p.anchors.role, content }] : []);
  const persona = (input.persona.position ?? 'prompt') === 'prompt' ? p.fields.persona : '';

  // Markers are expanded a second time when filled (docs/prompt-assembly.md#markers).
  const head: [string, ChatMessage[]][] = [
    ['main', [...anchor(p.anchors.before), system(main), ...anchor(p.anchors.after)]],
    ['worldInfoBefore', [system(p.expand(lore?.worldInfoBefore ?? ''))]],
    ['personaDescription', [system(p.expand(persona))]],
    ['charDescription', [system(p.expand(p.fields.description))]],
    ['charPersonality', [system(p.expand(p.fields.personality))]],
    ['scenario', [system(p.expand(p.fields.scenario))]],
    ['enhanceDefinitions', [system(s.enhanceDefinitions === null ? '' : p.expand(s.enhanceDefinitions))]],
    ['nsfw', [system(p.expand(s.auxiliaryPrompt))]],
    ['worldInfoAfter', [system(p.expand(lore?.worldInfoAfter ?? ''))]],
  ];

  let items = historyItems(p);
  const control: ChatMessage[] = [];
  if (type === 'continue') {
    // The continued message was in place for the depth count; it then moves after the PHI, followed by the nudge.
    const index = items.findLastIndex((item) => !item.injected);
    if (index >= 0) {
      control.push(items[index]!.message);
      items = items.filter((_, i) => i !== index);
    }
    control.push(system(p.expand(s.continueNudgePrompt)));
  } else if (type === 'impersonate') control.push(system(p.expand(s.impersonationPrompt)));
  const history = items.map((item) => item.message);
  if (s.sendIfEmpty && type === 'normal' && history[history.length - 1]?.role === 'assistant') {
    history.push({ role: 'user', content: p.expand(s.sendIfEmpty) });
  }

  const tail: [string, ChatMessage[]][] = [
    ['jailbreak', [system(jailbreak)]],
    ['control', control],
  ];
  let used = cost([...head, ...tail].flatMap(([, ms]) => ms));

  const newChat = system(p.expand(s.newChatPrompt));
  const fillHistory = () => {
    used += cost([newChat]);
    const kept: ChatMessage[] = [];
    for (let i = history.length - 1; i >= 0; i--) {
      const t = cost([history[i]!]);
      if (used + t > budget) break;
      used += t;
      kept.unshift(history[i]!);
    }
    return kept;
  };
  const exampleHeader = p.expand(s.newExampleChatPrompt);
  const fillExamples = () => {
    const kept: ChatMessage[][] = [];
    for (const block of p.blocks) {
      const ms = exampleMessages(p, block, exampleHeader);
      const t = cost(ms);
      if (!s.pinExamples && used + t > budget) break;
      used += t;
      kept.push(ms);
    }
    return kept;
  };
  let keptHistory: ChatMessage[];
  let keptExamples: ChatMessage[][];
  if (s.pinExamples) {
    keptExamples = fillExamples();
    keptHistory = fillHistory();
  } else {
    keptHistory = fillHistory();
    keptExamples = fillExamples();
  }

  const unmergeable = new Set<ChatMessage>([newChat, ...keptExamples.map((ms) => ms[0]!)]);
  const sections: [string, ChatMessage[], Partial<PromptPart>?][] = [
    ...head,
    [
      'dialogueExamples',
      keptExamples.flat(),
      { kept: keptExamples.length, dropped: p.blocks.length - keptExamples.length },
    ],
    [
      'chatHistory',
      [newChat, ...keptHistory],
      { kept: keptHistory.length, dropped: history.length - keptHistory.length },
    ],
    ...tail,
  ];
  let messages = sections.flatMap(([, ms]) => ms).filter((m) => m.content !== '');
  if (s.squashSystemMessages) messages = squash(messages, unmergeable);
  const parts = sections
    .filter(([, ms, extra]) => extra || ms.some((m) => m.content))
    .map(([id, ms, extra]): PromptPart => ({ id, tokens: cost(ms), ...extra }));
  return { mode: 'chat', chat: { messages }, parts, tokens: { total: cost(messages), budget } };
}
