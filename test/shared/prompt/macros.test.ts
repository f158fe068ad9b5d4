import { describe, expect, it } from 'vitest';
import {
  assemblePrompt,
  characterFromCard,
  expandMacros,
  greetingMessage,
  type MacroEnv,
} from '../../../shared/prompt/index.ts';
import { aria } from './fixture.ts';

const env = (over: Partial<MacroEnv> = {}): MacroEnv => ({
  user: 'Sam',
  char: 'Aria',
  values: { description: 'A keeper.', persona: 'A traveler.' },
  outlets: { weather: ['Rain.', 'Wind.'] },
  random: () => 0.75,
  ...over,
});

describe('expandMacros (SillyTavern 1.18 default engine)', () => {
  it.each([
    ['{{char}} and {{user}}', 'Aria and Sam'],
    ['{{ CHAR }} / {{User}}', 'Aria / Sam'],
    ['<USER> meets <BOT> and <char>', 'Sam meets Aria and Aria'],
    ['{{description}} {{persona}}', 'A keeper. A traveler.'],
    ['a{{newline}}b{{newline::2}}c', 'a\nb\n\nc'],
    ['x{{space::3}}y{{noop}}', 'x   y'],
    ['keep {{unknown}} and {{unknown::arg}}', 'keep {{unknown}} and {{unknown::arg}}'],
    ['{{// a note for authors }}text', 'text'],
    ['{{reverse::{{char}}}}', 'airA'],
    ['{{outlet::weather}}|{{outlet::none}}', 'Rain.\nWind.|'],
    ['\\{\\{char\\}\\} stays', '{{char}} stays'],
    ['{{original}} stays literal', '{{original}} stays literal'],
    ['{{random::a::b::c::d}} {{random:w,x\\,y,z}}', 'd z'],
    ['{{roll::1d20}} {{roll 2d6+1}}', '16 11'],
    ['unclosed {{char', 'unclosed {{char'],
  ])('%j → %j', (text, expected) => {
    expect(expandMacros(text, env())).toBe(expected);
  });

  it('{{trim}} removes itself and every adjacent newline, after evaluation', () => {
    expect(expandMacros('one\n\n{{trim}}\n\ntwo', env())).toBe('onetwo');
    expect(expandMacros('{{description}}\n{{trim}}', env())).toBe('A keeper.');
    expect(expandMacros('a {{trim}} b', env())).toBe('a  b');
  });

  it('{{original}} is one-shot where an override supplies it', () => {
    expect(expandMacros('{{original}} then {{original}}', env(), { original: 'Main.' })).toBe('Main. then ');
  });

  it('macro output is never re-scanned', () => {
    expect(expandMacros('{{description}}', env({ values: { description: '{{user}}' } }))).toBe('{{user}}');
  });
});

describe('macros in assembly', () => {
  it('prompts see card-field macros; markers get a second pass, so one inside a card field resolves too', () => {
    const input = aria();
    input.character.personality = 'Likes {{description}}';
    const messages = assemblePrompt({
      ...input,
      mode: 'chat',
      settings: { chat: { mainPrompt: 'Main for {{char}}. Persona: {{persona}}' } },
    }).chat!.messages;
    expect(messages[0]!.content).toBe('Main for Aria. Persona: Sam is a soaked traveler from the mainland.');
    expect(messages[3]!.content).toBe('Likes Aria is a cheerful lighthouse keeper on a rocky island.');
  });

  it('{{outlet::name}} takes World Info outlet text', () => {
    const input = aria();
    input.character.scenario = 'Tonight: {{outlet::weather}}';
    input.lore = { ...input.lore!, outlets: { weather: ['A gale.'] } };
    expect(assemblePrompt({ ...input, mode: 'chat' }).chat!.messages[4]!.content).toBe('Tonight: A gale.');
  });

  it('SillyTavern ignores the V3 nickname; the V3 option uses it for {{char}}', () => {
    const input = aria();
    input.character.nickname = 'Ari';
    expect(assemblePrompt({ ...input, mode: 'chat' }).chat!.messages[2]!.content).toBe(
      'Aria is a cheerful lighthouse keeper on a rocky island.',
    );
    expect(assemblePrompt({ ...input, mode: 'chat', settings: { useNickname: true } }).chat!.messages[2]!.content).toBe(
      'Ari is a cheerful lighthouse keeper on a rocky island.',
    );
  });

  it('{{mesExamples}} in a prompt renders the <START> blocks', () => {
    const input = aria();
    const messages = assemblePrompt({
      ...input,
      mode: 'chat',
      settings: { chat: { auxiliaryPrompt: '{{mesExamples}}' } },
    }).chat!.messages;
    expect(messages[5]!.content).toBe(
      '<START>\nSam: What do you do all day?\nAria: I polish the lens and count the ships. *She grins.*\n',
    );
  });

  it('is deterministic: the same input gives the same random picks', () => {
    const input = aria();
    input.character.scenario = '{{random::rain::snow::fog::hail}} {{roll::1d100}}';
    const first = assemblePrompt({ ...input, mode: 'chat' });
    expect(assemblePrompt({ ...input, mode: 'chat' })).toEqual(first);
  });
});

describe('characterFromCard', () => {
  it('reads V2/V3 data fields, including the character note', () => {
    const card = {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        name: 'Aria',
        nickname: 'Ari',
        description: 'd',
        personality: 'p',
        scenario: 's',
        first_mes: 'hi',
        mes_example: '<START>',
        system_prompt: '{{original}}',
        post_history_instructions: 'phi',
        alternate_greetings: ['hey', 3],
        creator_notes: 'n',
        character_version: '2',
        extensions: { depth_prompt: { prompt: 'note', depth: 2, role: 'user' } },
      },
    };
    expect(characterFromCard(card)).toEqual({
      name: 'Aria',
      nickname: 'Ari',
      description: 'd',
      personality: 'p',
      scenario: 's',
      mesExample: '<START>',
      systemPrompt: '{{original}}',
      postHistoryInstructions: 'phi',
      depthPrompt: { prompt: 'note', depth: 2, role: 'user' },
      creatorNotes: 'n',
      characterVersion: '2',
      firstMes: 'hi',
      alternateGreetings: ['hey'],
    });
  });

  it('reads a V1 card (fields at the top level)', () => {
    expect(characterFromCard({ name: 'Old', description: 'x' })).toMatchObject({
      name: 'Old',
      description: 'x',
      depthPrompt: undefined,
    });
  });
});

describe('greetingMessage', () => {
  it('puts first_mes and the alternates in the swipes, raw', () => {
    expect(greetingMessage({ name: 'Aria', firstMes: 'Hi {{user}}', alternateGreetings: ['Hey'] })).toEqual({
      name: 'Aria',
      is_user: false,
      mes: 'Hi {{user}}',
      swipes: ['Hi {{user}}', 'Hey'],
      swipe_id: 0,
    });
    expect(greetingMessage({ name: 'Aria', firstMes: '', alternateGreetings: ['Hey'] })).toMatchObject({
      mes: 'Hey',
      swipes: ['Hey'],
    });
    expect(greetingMessage({ name: 'Aria' })).toBeNull();
  });
});
