import { describe, expect, it } from 'vitest';
import { assemblePrompt, chooseTemplates, type PromptInput } from '../../../shared/prompt/index.ts';
import { aria, ariaWithOverrides, verifiedChatml as chatml } from './fixture.ts';

/** Templates by SillyTavern's names; the context defaults to the instruct template's own (Bind to Context). */
const text = (input: Omit<PromptInput, 'mode'>, instruct: string | null, context?: string) =>
  assemblePrompt({
    ...input,
    mode: 'text',
    settings: { ...input.settings, text: chooseTemplates({ instruct, context, bindToContext: true }) },
  }).text!;

const plainDefault = `Write Aria's next reply in a fictional chat between Aria and Sam.
Aria is a cheerful lighthouse keeper on a rocky island.
Warm, curious, talkative.
Sam arrives at the lighthouse during a storm.
Sam is a soaked traveler from the mainland.
***
Sam: What do you do all day?
Aria: I polish the lens and count the ships. *She grins.*
***
Aria: *Aria opens the heavy door.* Come in, quick, before the wind takes you!
Sam: Thanks! Is it always this stormy here?
The storm has knocked out the island's radio.
Aria: Only in autumn. *She hands you a towel.* Tea?
Sam: Yes please. Does the storm worry you?
Aria:`;

describe('Text Completion, SillyTavern templates', () => {
  it('ChatML instruct + ChatML context reproduces the verified prompt and stop strings', () => {
    const result = text(aria(), 'ChatML');
    expect(result.prompt).toBe(chatml);
    expect(result.stop).toEqual([
      '\nSam:',
      '\n<|im_end|>',
      '\n<|im_start|>user',
      '\n<|im_start|>assistant',
      '\n<|im_start|>system',
    ]);
  });

  it("ChatML with card PHI, character note and Author's Note", () => {
    const prompt = text(ariaWithOverrides(), 'ChatML').prompt;
    expect(prompt).toBe(
      chatml
        .replace('between Aria and Sam.', 'between Aria and Sam. Stay in character as Aria.')
        .replace(
          '<|im_start|>assistant\n*Aria opens',
          '<|im_start|>system\nKeep the mood cozy.\nAria secretly fears the dark.<|im_end|>\n<|im_start|>assistant\n*Aria opens',
        )
        .replace(
          'Does the storm worry you?<|im_end|>\n',
          'Does the storm worry you?<|im_end|>\n<|im_start|>user\n[Reply in under 100 words, Sam.]<|im_end|>\n',
        ),
    );
  });

  it('no instruct, "Default" context: the verified plain prompt', () => {
    const result = text(aria(), null, 'Default (preset)');
    expect(result.prompt).toBe(plainDefault);
    expect(result.stop).toEqual(['\nSam:']);
  });

  it('no instruct, first-run story string labels personality and scenario', () => {
    const result = text(aria(), null, 'Default');
    expect(result.prompt).toBe(
      plainDefault
        .replace('Warm, curious', "Aria's personality: Warm, curious")
        .replace('Sam arrives', 'Scenario: Sam arrives'),
    );
    expect(result.stop).toEqual(['\nSam:', '\n***']);
    // The fresh-install default is exactly this.
    expect(assemblePrompt({ ...aria(), mode: 'text' }).text).toEqual(result);
  });

  it('Llama 3 Instruct: no newlines between turns, opens the assistant header', () => {
    const prompt = text(aria(), 'Llama 3 Instruct').prompt;
    expect(prompt.startsWith("<|start_header_id|>system<|end_header_id|>\n\nWrite Aria's next reply")).toBe(true);
    expect(
      prompt.endsWith(
        '<|start_header_id|>user<|end_header_id|>\n\nYes please. Does the storm worry you?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
      ),
    ).toBe(true);
    expect(prompt).toContain(
      'Sam is a soaked traveler from the mainland.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nSam: What do you do all day?<|eot_id|>',
    );
  });

  it('Mistral V7: system prompt block and [INST] turns', () => {
    const prompt = text(aria(), 'Mistral V7').prompt;
    expect(prompt.startsWith("[SYSTEM_PROMPT] Write Aria's next reply")).toBe(true);
    expect(prompt).toContain(
      'mainland.[/SYSTEM_PROMPT][INST] Sam: What do you do all day?[/INST] I polish the lens and count the ships. *She grins.*</s>',
    );
    expect(prompt.endsWith('[INST] Yes please. Does the storm worry you?[/INST] ')).toBe(true);
  });

  it('Mistral V2 & V3: injected system turn glued to the user turn, alignment message, last output sequence', () => {
    const prompt = text(aria(), 'Mistral V2 & V3').prompt;
    expect(prompt).toContain(
      "[INST] Thanks! Is it always this stormy here?[INST] The storm has knocked out the island's radio.[/INST] Only in autumn.",
    );
    expect(prompt).toContain(
      "</s>[INST] Let's get started. Please respond based on the information and instructions provided above.[/INST] *Aria opens",
    );
    expect(prompt.endsWith('[INST] Yes please. Does the storm worry you?[/INST]')).toBe(true);
  });

  it('Alpaca: WI turn as ### Input, ends with ### Response', () => {
    const prompt = text(aria(), 'Alpaca').prompt;
    expect(prompt).toContain(
      "### Instruction:\nThanks! Is it always this stormy here?\n\n### Input:\nThe storm has knocked out the island's radio.\n\n### Response:\nOnly in autumn.",
    );
    expect(prompt.endsWith('\n\n### Instruction:\nYes please. Does the storm worry you?\n\n### Response:\n')).toBe(
      true,
    );
    expect(prompt.startsWith("Write Aria's next reply")).toBe(true);
    expect(prompt).toContain('mainland.\n\n### Instruction:\nSam: What do you do all day?\n\n');
  });

  it('a disabled system prompt drops the card override and the PHI', () => {
    const input = ariaWithOverrides();
    const prompt = assemblePrompt({
      ...input,
      mode: 'text',
      settings: {
        ...input.settings,
        text: { systemPrompt: null, context: chooseTemplates({ context: 'Default (preset)' }).context },
      },
    }).text!.prompt;
    expect(prompt.startsWith('Aria is a cheerful')).toBe(true);
    expect(prompt).not.toContain('Reply in under 100 words');
  });

  it('impersonate ends with the user name and stops on the character name', () => {
    const result = assemblePrompt({
      ...aria(),
      mode: 'text',
      generationType: 'impersonate',
      settings: { text: chooseTemplates({ context: 'Default (preset)' }) },
    }).text!;
    expect(result.prompt.endsWith('Sam: Yes please. Does the storm worry you?\nSam:')).toBe(true);
    expect(result.stop).toEqual(['\nAria:', '\nSam:']);
  });

  it("renders a model's own Jinja chat template over the chat messages", () => {
    const template =
      '{{ bos_token }}{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}';
    const result = assemblePrompt({ ...aria(), mode: 'jinja', jinja: { template, bosToken: '<s>' } });
    const chat = assemblePrompt({ ...aria(), mode: 'chat' }).chat!.messages;
    expect(result.chat?.messages).toEqual(chat);
    expect(result.text?.prompt).toBe(
      `<s>${chat.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join('')}<|im_start|>assistant\n`,
    );
  });
});
