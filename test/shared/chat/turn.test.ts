import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appendMessage, cardBook, createTranscript, planTurn, type Transcript } from '../../../shared/chat/index.ts';
import { assemblePrompt, characterFromCard } from '../../../shared/prompt/index.ts';
import { importBook } from '../../../shared/lorebook/formats/index.ts';

type Card = { data: Record<string, unknown> };
const seraphina = (): Card =>
  JSON.parse(
    readFileSync(new URL('../../fixtures/lorebooks/Seraphina-1.18.0.card.json', import.meta.url), 'utf8'),
  ) as Card;
const persona = { name: 'Sam', description: 'A lost traveller.' };
const target = { model: 'test-model' };

function chatWith(card: Card, ...userTexts: string[]): Transcript {
  let t = createTranscript(characterFromCard(card), { name: 'Sam' }, new Date('2025-06-01T10:00:00Z'));
  for (const text of userTexts) t = appendMessage(t, 'user', 'Sam', { text });
  return t;
}

describe('planTurn', () => {
  it("always scans the card's own book, converted and named as SillyTavern does", () => {
    const card = seraphina();
    expect(cardBook(card)?.name).toBe('Eldoria');
    const plan = planTurn({ card, persona, transcript: chatWith(card, 'What is this forest?'), mode: 'chat', target });
    expect(plan.lore.map((l) => l.book)).toContain('Eldoria');
    expect(plan.lore.find((l) => l.keys.includes('forest'))).toMatchObject({ position: 0 });
    const worldInfo = plan.prompt.chat!.messages.map((m) => m.content).join('\n');
    expect(worldInfo).toMatch(/Eldoria/);
  });

  it('scans a card book once when its import is linked to the card (SillyTavern scans only the linked world)', () => {
    const card = seraphina();
    const embedded = (card as { data: { character_book: unknown } }).data.character_book;
    const linked = importBook(embedded, { detail: 'summary' }).book;
    const transcript = chatWith(card, 'What is this forest?');
    const alone = planTurn({ card, persona, transcript, mode: 'chat', target });
    const withLinked = planTurn({
      card,
      persona,
      transcript,
      mode: 'chat',
      target,
      books: [{ name: 'Eldoria', book: linked, role: 'primary' }],
    });
    expect(withLinked.lore.map((l) => l.uid)).toEqual(alone.lore.map((l) => l.uid));
    const scannedBooks = (plan: typeof alone): Set<string> =>
      new Set(plan.scan.explain.entries.map((e) => e.key.slice(0, e.key.lastIndexOf('.'))));
    expect(scannedBooks(withLinked)).toEqual(new Set(['Eldoria']));
    // An edited library copy is a different book: then both are scanned.
    const edited = { ...linked, originalData: { ...(linked.originalData as object), name: 'changed' } };
    const both = planTurn({
      card,
      persona,
      transcript,
      mode: 'chat',
      target,
      books: [{ name: 'Eldoria', book: edited, role: 'primary' }],
    });
    expect(scannedBooks(both).size).toBe(2);
  });

  it('builds exactly what assemblePrompt builds from the scan output, and the body sent to the server', () => {
    const card = seraphina();
    const transcript = chatWith(card, 'Tell me about the shadowfang beasts.');
    const plan = planTurn({
      card,
      persona,
      transcript,
      mode: 'chat',
      target: { model: 'm', parameters: { temperature: 0.5, max_tokens: 200 } },
    });
    const direct = assemblePrompt({
      character: characterFromCard(card),
      persona,
      chat: transcript.messages.map((m) => ({
        name: m.name,
        is_user: m.role === 'user',
        mes: m.swipes[m.swipe]!.text,
      })),
      lore: plan.scan.prompt,
      mode: 'chat',
      settings: { chat: { maxTokens: 200 } },
    });
    expect(plan.prompt).toEqual(direct);
    expect(plan.request).toEqual({
      model: 'm',
      max_tokens: 200,
      temperature: 0.5,
      stream: true,
      messages: direct.chat!.messages,
    });
    expect(Object.keys(plan.request)).toEqual(['model', 'max_tokens', 'temperature', 'stream', 'messages']);
  });

  it('text mode sends the prompt with the template stop strings', () => {
    const card = seraphina();
    const plan = planTurn({
      card,
      persona,
      transcript: chatWith(card, 'Hello'),
      mode: 'text',
      settings: { text: { instruct: undefined } },
      target,
    });
    expect(typeof plan.request.prompt).toBe('string');
    expect(plan.request.prompt).toContain('Sam: Hello');
    expect(plan.request).toMatchObject({ model: 'test-model', max_tokens: 350, stream: true });
  });

  it('swipe and regenerate leave out the reply they replace; continue keeps it', () => {
    const card = seraphina();
    let t = chatWith(card, 'Hi');
    t = appendMessage(t, 'assistant', 'Seraphina', { text: 'UNIQUE-REPLY' });
    const swipe = planTurn({ card, persona, transcript: t, type: 'swipe', mode: 'chat', target });
    expect(swipe.replaces).toBe(2);
    expect(JSON.stringify(swipe.request)).not.toContain('UNIQUE-REPLY');
    const cont = planTurn({ card, persona, transcript: t, type: 'continue', mode: 'chat', target });
    expect(cont.replaces).toBe(2);
    expect(JSON.stringify(cont.request)).toContain('UNIQUE-REPLY');
  });

  it('carries sticky entries from one turn to the next through the transcript', () => {
    const card = seraphina();
    const book = card.data.character_book as { entries: { extensions: Record<string, unknown>; keys: string[] }[] };
    const forest = book.entries.find((e) => e.keys.includes('forest'))!;
    forest.extensions = { ...forest.extensions, sticky: 3 };
    card.data.first_mes = 'Hello.';
    const scan = { recursive: false };
    let t = chatWith(card, 'The forest is dark.');
    const first = planTurn({ card, persona, transcript: t, mode: 'chat', target, scan });
    expect(first.lore).toHaveLength(1);
    expect(Object.keys(first.timedEffects.sticky)).toHaveLength(1);
    t = appendMessage({ ...t, timedEffects: first.timedEffects }, 'assistant', 'Seraphina', { text: 'Rest.' });
    t = appendMessage(t, 'user', 'Sam', { text: 'Thanks.' });
    // "forest" is out of the scan depth now; only the sticky record can fire it.
    expect(planTurn({ card, persona, transcript: t, mode: 'chat', target, scan }).lore).toHaveLength(1);
    expect(
      planTurn({ card, persona, transcript: { ...t, timedEffects: null }, mode: 'chat', target, scan }).lore,
    ).toHaveLength(0);
  });
});
