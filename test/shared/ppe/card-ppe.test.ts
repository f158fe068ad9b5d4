import { describe, expect, it } from 'vitest';
import { cardToPpe, ppeToCard } from '../../../shared/ppe/card-ppe.ts';
import { checkPpe } from '../../../shared/ppe/check.ts';
import { runPpe } from '../../../shared/ppe/run.ts';
import { fakeModel } from './helpers.ts';

const card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Dobby',
    description: '{{char}} is a house-elf who serves {{user}}.',
    personality: 'loyal, brave',
    scenario: 'Hogwarts kitchens',
    first_mes: '*bows deeply* Dobby is at your service!',
    mes_example: '<START>\n{{user}}: Who are you?\n{{char}}: I am Dobby. Dobby is happy.',
    creator_notes: 'made for tests',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: ['Hello!'],
    tags: ['hp'],
    creator: 'me',
    character_version: '1.0',
    extensions: {},
  },
};

describe('card → PPE character script', () => {
  it('writes a type: char script with few-shot init and the greeting, and reports what moved or was lost', () => {
    const { script, losses } = cardToPpe(card, { userName: 'Harry' });
    expect(script).toBe(
      [
        '---',
        'type: char',
        'name: Dobby',
        'description: Dobby is a house-elf who serves Harry.',
        'personality: loyal, brave',
        'scenario: Hogwarts kitchens',
        "version: '1.0'",
        'tag:',
        '  - hp',
        '---',
        'user: ~Who are you?',
        'assistant: ~I am Dobby. Dobby is happy.',
        '---',
        'assistant: ~*bows deeply* Dobby is at your service!',
        '',
      ].join('\n'),
    );
    expect(losses).toContainEqual({
      action: 'changed',
      from: '/data/description',
      to: '/front-matter/description',
      note: '{{char}}/{{user}} replaced by "Dobby"/"Harry"',
    });
    expect(losses.filter((l) => l.action === 'dropped').map((l) => l.from)).toEqual([
      '/data/alternate_greetings',
      '/data/creator_notes',
      '/data/creator',
    ]);
    expect(checkPpe(script, { scriptExists: () => false })).toEqual([]);
  });

  it('runs as a test chat: char prompt, few-shot turns, greeting, then the user turn', async () => {
    const { script } = cardToPpe(card);
    const model = fakeModel();
    const withTurn = `${script}user: Who are you, really?\n`;
    const result = await runPpe(withTurn, { callModel: model });
    const sent = model.requests[0]!.messages;
    expect(sent[0]!.role).toBe('system');
    expect(sent[0]!.content).toContain('Dobby is a house-elf who serves User.');
    expect(sent[0]!.content).toContain('Personality: loyal, brave');
    expect(sent.slice(1)).toEqual([
      { role: 'user', content: 'Who are you?' },
      { role: 'assistant', content: 'I am Dobby. Dobby is happy.' },
      { role: 'assistant', content: '*bows deeply* Dobby is at your service!' },
      { role: 'user', content: 'Who are you, really?' },
    ]);
    expect(result.output).toBe('I am Dobby.');
  });

  it('round-trips the character fields back into a card', () => {
    const { card: back, losses } = ppeToCard(cardToPpe(card).script);
    expect(back.data).toMatchObject({
      name: 'Dobby',
      description: 'Dobby is a house-elf who serves User.',
      personality: 'loyal, brave',
      scenario: 'Hogwarts kitchens',
      first_mes: '*bows deeply* Dobby is at your service!',
      mes_example: '<START>\n{{user}}: Who are you?\n{{char}}: I am Dobby. Dobby is happy.',
      tags: ['hp'],
      character_version: '1.0',
    });
    expect(losses.filter((l) => l.action === 'dropped')).toEqual([]);
  });

  it('imports a hand-written char script, reporting what a card cannot hold', () => {
    const script = [
      '---',
      'type: char',
      'name: Dobby',
      'description: "Act as {{name}}."',
      'parameters: {temperature: 0.7}',
      '---',
      'system: Stay polite.',
      'user: Who are you?',
      'assistant: I am {{name}}.',
      '---',
      'assistant: Hello!',
      '$echo: done',
    ].join('\n');
    const { card: c, losses } = ppeToCard(script);
    expect(c.data.system_prompt).toBe('Stay polite.');
    expect(c.data.mes_example).toBe('<START>\n{{user}}: Who are you?\n{{char}}: I am {{char}}.');
    expect(c.data.first_mes).toBe('Hello!');
    expect(losses).toContainEqual({
      action: 'dropped',
      from: '/front-matter/parameters',
      note: 'no card field for it',
    });
    expect(losses).toContainEqual({
      action: 'dropped',
      from: '/body/line/12',
      note: 'directive after the greeting has no card field',
    });
  });
});
