// The figure: one test-chat turn (scan + assembly + request) for a 500-message chat with a 5,000-entry book.
import { describe, expect, it } from 'vitest';
import { appendMessage, createTranscript, planTurn, type Transcript } from '../../../shared/chat/index.ts';
import { characterFromCard } from '../../../shared/prompt/index.ts';

function bigCard(entries: number): unknown {
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Mira',
      description: 'A cartographer of the drowned coast.',
      first_mes: 'The tide is out. Shall we walk the flats?',
      character_book: {
        name: 'Coast',
        entries: Array.from({ length: entries }, (_, i) => ({
          id: i,
          keys: [`place${i}`, `landmark${i}`],
          content: `Place ${i} lies on the coast; its landmark ${i} is known to sailors.`,
          enabled: true,
          insertion_order: i % 100,
          extensions: {},
        })),
      },
    },
  };
}

function longChat(card: unknown, messages: number): Transcript {
  let t = createTranscript(characterFromCard(card), { name: 'Sam' }, new Date('2025-06-01T10:00:00Z'));
  for (let i = 1; i < messages; i++) {
    t = appendMessage(t, i % 2 ? 'user' : 'assistant', i % 2 ? 'Sam' : 'Mira', {
      text: `Message ${i} passes place${(i * 37) % 5000} and talks about the weather at length.`,
      at: '2025-06-01T10:00:00.000Z',
    });
  }
  return t;
}

describe('turn at scale', () => {
  it('plans a turn for 500 messages and a 5,000-entry book, warm turns reusing the converted book', () => {
    const card = bigCard(5000);
    const transcript = longChat(card, 500);
    const input = { card, persona: { name: 'Sam' }, transcript, mode: 'chat' as const, target: { model: 'm' } };
    // The first turn converts the card's book (cached afterwards, keyed by its JSON).
    const coldStart = performance.now();
    planTurn(input);
    const cold = performance.now() - coldStart;
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const plan = planTurn(input);
      times.push(performance.now() - start);
      expect(plan.lore.length).toBeGreaterThan(0);
    }
    const median = times.sort((a, b) => a - b)[2]!;
    console.log(
      `planTurn, 500 messages, 5,000 entries: first turn ${cold.toFixed(0)} ms, then median ${median.toFixed(1)} ms`,
    );
  }, 60_000);
});
