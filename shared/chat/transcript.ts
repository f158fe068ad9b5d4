// Creating and editing transcripts. Every operation returns a new transcript (the UI keeps history cheaply and
// React sees the change); nothing here mutates its input.
import { greetingMessage } from '../prompt/greeting.ts';
import type { PromptCharacter, PromptChatMessage } from '../prompt/types.ts';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } from './types.ts';
import type { MessageRole, Swipe, Transcript, TranscriptMessage } from './types.ts';

const iso = (now: Date | undefined): string => (now ?? new Date()).toISOString();

/** Next free id: ids are never reused, so a deleted message's id cannot come back with other text. */
export function nextMessageId(transcript: Pick<Transcript, 'messages'>): string {
  let max = 0;
  for (const m of transcript.messages) {
    const n = /^m(\d+)$/.exec(m.id);
    if (n) max = Math.max(max, Number(n[1]));
  }
  return `m${max + 1}`;
}

/** A new chat: the greeting (with the alternate greetings as swipes) when the card has one. */
export function createTranscript(
  character: PromptCharacter,
  user: { name: string; persona?: string },
  now?: Date,
): Transcript {
  const at = iso(now);
  const greeting = greetingMessage(character);
  const messages: TranscriptMessage[] = greeting
    ? [
        {
          id: 'm1',
          role: 'assistant',
          name: character.name,
          swipes: greeting.swipes.map((text) => ({ text, at })),
          swipe: 0,
          greeting: true,
          at,
        },
      ]
    : [];
  return {
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_VERSION,
    createdAt: at,
    character: { name: character.name },
    user: { ...user },
    messages,
  };
}

export function currentSwipe(message: TranscriptMessage): Swipe {
  return message.swipes[message.swipe] ?? message.swipes[0] ?? { text: '' };
}

export const messageText = (message: TranscriptMessage): string => currentSwipe(message).text;

function replaceMessage(t: Transcript, index: number, update: (m: TranscriptMessage) => TranscriptMessage): Transcript {
  const message = t.messages[index];
  if (!message) throw new RangeError(`no message at index ${index}`);
  const messages = t.messages.slice();
  messages[index] = update(message);
  return { ...t, messages };
}

// Swipes always carry their time, so exports can tell a swipe's time from its message's.
export function appendMessage(t: Transcript, role: MessageRole, name: string, swipe: Swipe, now?: Date): Transcript {
  const at = iso(now);
  const message: TranscriptMessage = {
    id: nextMessageId(t),
    role,
    name,
    swipes: [{ ...swipe, at: swipe.at ?? at }],
    swipe: 0,
    at,
  };
  return { ...t, messages: [...t.messages, message] };
}

/** A new alternative for a message (swipe right past the last, or regenerate), shown at once. */
export function addSwipe(t: Transcript, index: number, swipe: Swipe, now?: Date): Transcript {
  return replaceMessage(t, index, (m) => ({
    ...m,
    swipes: [...m.swipes, { ...swipe, at: swipe.at ?? iso(now) }],
    swipe: m.swipes.length,
  }));
}

/** Replaces the shown swipe (regenerate keeps the count of alternatives). */
export function replaceSwipe(t: Transcript, index: number, swipe: Swipe): Transcript {
  return replaceMessage(t, index, (m) => ({ ...m, swipes: m.swipes.map((s, i) => (i === m.swipe ? swipe : s)) }));
}

export function selectSwipe(t: Transcript, index: number, swipe: number): Transcript {
  return replaceMessage(t, index, (m) => {
    if (!Number.isInteger(swipe) || swipe < 0 || swipe >= m.swipes.length)
      throw new RangeError(`message ${m.id} has no swipe ${swipe}`);
    return { ...m, swipe };
  });
}

/** Edits the shown swipe's text; the figures of the generation no longer describe it, so they go. */
export function editMessage(t: Transcript, index: number, text: string): Transcript {
  return replaceMessage(t, index, (m) => ({
    ...m,
    swipes: m.swipes.map((s, i) => (i === m.swipe ? { text, at: s.at, lore: s.lore, request: s.request } : s)),
  }));
}

/** "Continue": the continuation is appended to the shown swipe. */
export function extendMessage(t: Transcript, index: number, more: string, stats?: Swipe['stats']): Transcript {
  return replaceMessage(t, index, (m) => ({
    ...m,
    swipes: m.swipes.map((s, i) => (i === m.swipe ? { ...s, text: s.text + more, ...(stats ? { stats } : {}) } : s)),
  }));
}

export function deleteMessage(t: Transcript, index: number): Transcript {
  if (!t.messages[index]) throw new RangeError(`no message at index ${index}`);
  return { ...t, messages: t.messages.filter((_, i) => i !== index) };
}

/** The chat as prompt assembly and the World Info scan read it: shown swipes, hidden messages marked system. */
export function promptChat(t: Transcript): PromptChatMessage[] {
  return t.messages.map((m) => {
    const out: PromptChatMessage = { name: m.name, is_user: m.role === 'user', mes: messageText(m) };
    if (m.hidden) out.is_system = true;
    else if (m.role === 'system') out.extra = { type: 'narrator' };
    return out;
  });
}
