// Every bundled SillyTavern 1.18 template renders a two-turn chat, and its stop strings are SillyTavern's rule:
// `\n{{user}}:`, the stop sequence and every sequence line by line (`\n`-led when wrapped), `\n***` when the
// context in effect uses stop strings, `\n` first in single-line mode.
import { describe, expect, it } from 'vitest';
import {
  assemblePrompt,
  chooseTemplates,
  contextTemplateNames,
  findInstructTemplate,
  instructTemplateNames,
  type PromptInput,
} from '../../../shared/prompt/index.ts';
import { aria } from './fixture.ts';

// Aria's greeting and Sam's first message; no lore.
const twoTurns = (): Omit<PromptInput, 'mode'> => {
  const input = aria();
  return { ...input, chat: input.chat.slice(0, 2), lore: null };
};
const greeting = '*Aria opens the heavy door.* Come in, quick, before the wind takes you!';
const userLine = 'Thanks! Is it always this stormy here?';

// Stop strings with Bind to Context on (each template with its own context when SillyTavern bundles one).
const stops: [string, string[]][] = [
  ['Adventure', ['\n', '\nSam:']],
  ['Alpaca-Single-Turn', ['\nSam:', '\n<START OF CHAT>', '\n### Response:']],
  ['Alpaca', ['\nSam:', '\n### Instruction:', '\n### Response:', '\n### Input:']],
  ['ChatML-Names', ['\nSam:', '\n<|im_end|>', '\n<|im_start|>Sam', '\n<|im_start|>Aria', '\n<|im_start|>system']],
  ['ChatML', ['\nSam:', '\n<|im_end|>', '\n<|im_start|>user', '\n<|im_start|>assistant', '\n<|im_start|>system']],
  [
    'Command R',
    [
      '\nSam:',
      '<|END_OF_TURN_TOKEN|>',
      '<|START_OF_TURN_TOKEN|><|USER_TOKEN|>',
      '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>',
      '<|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|>',
    ],
  ],
  ['DeepSeek-V2.5', ['\nSam:', '<｜User｜>', '<｜Assistant｜>']],
  ['Dots1', ['\nSam:', '\n<|endofresponse|>', '\n<|userprompt|>', '\n<|response|>', '\n<|system|>']],
  ['GLM-4', ['\nSam:', '<|user|>', '<|assistant|>']],
  [
    'Gemma 2',
    ['\nSam:', '\n<end_of_turn>', '\n<start_of_turn>user', '\n<start_of_turn>model', '\n<start_of_turn>system'],
  ],
  ['Gemma 4', ['\nSam:', '<turn|>', '<|turn>user', '<|turn>model', '<|turn>system']],
  ['Koala', ['\nSam:', 'USER: ', 'GPT: ', '\n***']],
  ['KoboldAI', ['\nSam:', '{{[INPUT]}}', '{{[OUTPUT]}}', '{{[SYSTEM]}}', '\n***']],
  ['Libra-32B', ['\nSam:', '\n### Response:']],
  ['Lightning 1.1', ['\nSam:', '\n### Instruction:', '\n### Response:', '\n### Response: (length = unlimited)']],
  ['Llama 2 Chat', ['\nSam:', '[INST] ']],
  [
    'Llama 3 Instruct',
    [
      '\nSam:',
      '<|eot_id|>',
      '<|start_header_id|>user<|end_header_id|>',
      '<|start_header_id|>assistant<|end_header_id|>',
      '<|start_header_id|>system<|end_header_id|>',
    ],
  ],
  [
    'Llama 4 Instruct',
    [
      '\nSam:',
      '<|eot|>',
      '<|header_start|>user<|header_end|>',
      '<|header_start|>assistant<|header_end|>',
      '<|header_start|>system<|header_end|>',
    ],
  ],
  [
    'Llama-3-Instruct-Names',
    [
      '\nSam:',
      '<|eot_id|>',
      '<|start_header_id|>Sam<|end_header_id|>',
      '<|start_header_id|>Aria<|end_header_id|>',
      '<|start_header_id|>system<|end_header_id|>',
    ],
  ],
  ['Metharme', ['\nSam:', '</s>', '<|user|>', '<|model|>']],
  ['Mistral V1', ['\nSam:', ' [INST] ', ' [/INST] ', ' [/INST]']],
  ['Mistral V2 & V3', ['\nSam:', '[INST] ', '[/INST] ', '[/INST]']],
  ['Mistral V3-Tekken', ['\nSam:', '[INST]', '[/INST]']],
  ['Mistral V7-Tekken', ['\nSam:', '</s>', '[INST]', '[SYSTEM_PROMPT]']],
  ['Mistral V7', ['\nSam:', '</s>', '[INST] ', '[SYSTEM_PROMPT] ']],
  [
    'Moonshot AI',
    [
      '\nSam:',
      '<|im_end|>',
      '<|im_user|>user<|im_middle|>',
      '<|im_assistant|>assistant<|im_middle|>',
      '<|im_system|>system<|im_middle|>',
    ],
  ],
  ['OpenAI Harmony (Thinking)', ['\nSam:', '\n***']],
  [
    'OpenAI Harmony',
    [
      '\nSam:',
      '<|start|>user<|message|>',
      '<|start|>assistant<|channel|>final<|message|>',
      '<|start|>developer<|message|>',
    ],
  ],
  ['OpenOrca-OpenChat', ['\nSam:', 'User: ', 'Assistant: ', '\n***']],
  ['Phi', ['\nSam:', '<|end|>', '<|user|>', '<|assistant|>', '<|system|>']],
  ['Story', ['\nSam:']],
  ['Synthia', ['\nSam:', 'USER: ', 'ASSISTANT: ', 'SYSTEM: ']],
  ['Tulu', ['\nSam:', '<|end_of_text|>', '<|user|>', '<|assistant|>', '<|system|>']],
  ['Vicuna 1.0', ['\nSam:', '\n### Human:', '\n### Assistant:', '\n***']],
  ['Vicuna 1.1', ['\nSam:', 'USER: ', 'ASSISTANT: ', '\n***']],
  ['WizardLM-13B', ['\nSam:', '\nUSER: ', '\nASSISTANT: ', '\n***']],
  ['WizardLM', ['\nSam:', '\n### Response:', '\n***']],
  [
    'simple-proxy-for-tavern',
    [
      '\nSam:',
      '\n### Instruction:',
      '\n#### Sam:',
      '\n### Response:',
      '\n#### Aria:',
      '\n### Response (2 paragraphs, engaging, natural, authentic, descriptive, creative):',
    ],
  ],
];

describe('bundled instruct templates', () => {
  it('all 38 are loaded from the presets data', () => {
    expect(instructTemplateNames).toHaveLength(38);
    expect(stops.map(([name]) => name)).toEqual(instructTemplateNames);
  });

  for (const [name, expected] of stops) {
    it(`${name}: renders a two-turn chat and stops where SillyTavern does`, () => {
      const result = assemblePrompt({
        ...twoTurns(),
        mode: 'text',
        settings: { text: chooseTemplates({ instruct: name, bindToContext: true }) },
      });
      const { prompt, stop } = result.text!;
      expect(stop).toEqual(expected);
      expect(prompt).toContain("Write Aria's next reply in a fictional chat between Aria and Sam.");
      expect(prompt).toContain('What do you do all day?');
      // Greeting, then the user's message, in order.
      expect(prompt.indexOf(greeting)).toBeGreaterThan(prompt.indexOf('What do you do all day?'));
      expect(prompt.indexOf(userLine)).toBeGreaterThan(prompt.indexOf(greeting));
      expect(prompt).not.toMatch(/\{\{(name|user|char)\}\}/);
      // The prompt ends by opening the character's turn.
      const t = findInstructTemplate(name)!;
      const opener = (t.lastOutputSequence || t.outputSequence)
        .replace(/\{\{name\}\}/gi, 'Aria')
        .replace('{{noop}}', '');
      expect(
        prompt.trimEnd().endsWith(t.namesBehavior === 'always' ? `${opener.trimEnd()}\nAria:` : opener.trimEnd()),
      ).toBe(true);
    });
  }

  it('names are case-insensitive and "none" turns instruct off', () => {
    const settings = (instruct: string) => ({ text: chooseTemplates({ instruct, bindToContext: true }) });
    const a = assemblePrompt({ ...twoTurns(), mode: 'text', settings: settings('llama 3 instruct') }).text;
    expect(a).toEqual(assemblePrompt({ ...twoTurns(), mode: 'text', settings: settings('Llama 3 Instruct') }).text);
    expect(chooseTemplates({ instruct: 'None' }).instruct).toBeNull();
    expect(() => chooseTemplates({ instruct: 'Llama 5' })).toThrow(/Unknown instruct template "Llama 5"/);
  });
});

describe('bundled context templates', () => {
  it('all 34 are loaded; "Default" is the first-run one, the preset file is "Default (preset)"', () => {
    expect(contextTemplateNames).toHaveLength(34);
    expect(chooseTemplates({ context: 'Default' }).context.storyString).toContain("{{char}}'s personality:");
    expect(chooseTemplates({ context: 'Default (preset)' }).context.storyString).not.toContain(
      "{{char}}'s personality:",
    );
  });

  for (const name of contextTemplateNames) {
    it(`${name}: renders a two-turn chat without instruct`, () => {
      const { context } = chooseTemplates({ context: name });
      const { prompt, stop } = assemblePrompt({ ...twoTurns(), mode: 'text', settings: { text: { context } } }).text!;
      expect(prompt).toContain('Aria is a cheerful lighthouse keeper on a rocky island.');
      expect(prompt).toContain(`Aria: ${greeting}\nSam: ${userLine}`);
      expect(prompt.endsWith(context.alwaysForceName2 ? `${userLine}\nAria:` : userLine)).toBe(true);
      if (context.chatStart.trim())
        expect(prompt).toContain(context.chatStart.trim().replace('{{user}}', 'Sam').replace('{{char}}', 'Aria'));
      expect(stop).toEqual([
        ...(context.singleLine ? ['\n'] : []),
        '\nSam:',
        ...(context.useStopStrings ? ['\n***'] : []),
      ]);
    });
  }
});
