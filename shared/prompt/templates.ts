// Context and instruct templates of SillyTavern 1.18 (reference §3.2–§3.4), as data.

export interface ContextTemplate {
  name: string;
  /** Handlebars-style story string; see story-string.ts for the supported subset. */
  storyString: string;
  exampleSeparator: string;
  chatStart: string;
  useStopStrings: boolean;
  namesAsStopStrings: boolean;
}

export interface InstructTemplate {
  name: string;
  inputSequence: string;
  inputSuffix: string;
  outputSequence: string;
  outputSuffix: string;
  systemSequence: string;
  systemSuffix: string;
  systemSameAsUser: boolean;
  storyStringPrefix: string;
  storyStringSuffix: string;
  lastOutputSequence: string;
  stopSequence: string;
  userAlignmentMessage: string;
  wrap: boolean;
  sequencesAsStopStrings: boolean;
  /** 'force' = names only for groups, `/sendas` and user example turns; 'always' = every turn. */
  namesBehavior: 'none' | 'force' | 'always';
}

const presetStoryString =
  '{{#if anchorBefore}}{{anchorBefore}}\n{{/if}}{{#if system}}{{system}}\n{{/if}}{{#if wiBefore}}{{wiBefore}}\n{{/if}}' +
  '{{#if description}}{{description}}\n{{/if}}{{#if personality}}{{personality}}\n{{/if}}' +
  '{{#if scenario}}{{scenario}}\n{{/if}}{{#if wiAfter}}{{wiAfter}}\n{{/if}}{{#if persona}}{{persona}}\n{{/if}}' +
  '{{#if anchorAfter}}{{anchorAfter}}\n{{/if}}{{trim}}';

// First-run settings: labelled personality/scenario, no {{trim}}, anchors added around it at load.
const firstRunStoryString =
  '{{#if anchorBefore}}{{anchorBefore}}\n{{/if}}{{#if system}}{{system}}\n{{/if}}{{#if wiBefore}}{{wiBefore}}\n{{/if}}' +
  "{{#if description}}{{description}}\n{{/if}}{{#if personality}}{{char}}'s personality: {{personality}}\n{{/if}}" +
  '{{#if scenario}}Scenario: {{scenario}}\n{{/if}}{{#if wiAfter}}{{wiAfter}}\n{{/if}}{{#if persona}}{{persona}}\n{{/if}}' +
  '{{#if anchorAfter}}{{anchorAfter}}\n{{/if}}';

export const contextTemplates = {
  /** What a fresh install uses before any preset is picked. */
  firstRun: {
    name: 'First run',
    storyString: firstRunStoryString,
    exampleSeparator: '***',
    chatStart: '***',
    useStopStrings: true,
    namesAsStopStrings: true,
  },
  default: {
    name: 'Default',
    storyString: presetStoryString,
    exampleSeparator: '***',
    chatStart: '***',
    useStopStrings: false,
    namesAsStopStrings: true,
  },
  /** The ChatML, Llama 3 Instruct, Alpaca and Mistral context presets (identical). */
  instruct: {
    name: 'Instruct',
    storyString: presetStoryString,
    exampleSeparator: '',
    chatStart: '',
    useStopStrings: false,
    namesAsStopStrings: true,
  },
} as const satisfies Record<string, ContextTemplate>;

const common = {
  systemSameAsUser: false,
  lastOutputSequence: '',
  userAlignmentMessage: '',
  sequencesAsStopStrings: true,
  namesBehavior: 'force',
} as const;

export const instructTemplates = {
  chatml: {
    ...common,
    name: 'ChatML',
    inputSequence: '<|im_start|>user',
    inputSuffix: '<|im_end|>\n',
    outputSequence: '<|im_start|>assistant',
    outputSuffix: '<|im_end|>\n',
    systemSequence: '<|im_start|>system',
    systemSuffix: '<|im_end|>\n',
    storyStringPrefix: '<|im_start|>system',
    storyStringSuffix: '<|im_end|>\n',
    stopSequence: '<|im_end|>',
    wrap: true,
  },
  llama3: {
    ...common,
    name: 'Llama 3 Instruct',
    inputSequence: '<|start_header_id|>user<|end_header_id|>\n\n',
    inputSuffix: '<|eot_id|>',
    outputSequence: '<|start_header_id|>assistant<|end_header_id|>\n\n',
    outputSuffix: '<|eot_id|>',
    systemSequence: '<|start_header_id|>system<|end_header_id|>\n\n',
    systemSuffix: '<|eot_id|>',
    storyStringPrefix: '<|start_header_id|>system<|end_header_id|>\n\n',
    storyStringSuffix: '<|eot_id|>',
    stopSequence: '<|eot_id|>',
    wrap: false,
  },
  mistralV7: {
    ...common,
    name: 'Mistral V7',
    inputSequence: '[INST] ',
    inputSuffix: '[/INST]',
    outputSequence: ' ',
    outputSuffix: '</s>',
    systemSequence: '[SYSTEM_PROMPT] ',
    systemSuffix: '[/SYSTEM_PROMPT]',
    storyStringPrefix: '[SYSTEM_PROMPT] ',
    storyStringSuffix: '[/SYSTEM_PROMPT]',
    stopSequence: '</s>',
    wrap: false,
  },
  mistralV2V3: {
    ...common,
    name: 'Mistral V2 & V3',
    inputSequence: '[INST] ',
    inputSuffix: '',
    outputSequence: '[/INST] ',
    outputSuffix: '</s>',
    systemSequence: '',
    systemSuffix: '',
    systemSameAsUser: true,
    storyStringPrefix: '[INST] ',
    storyStringSuffix: '[/INST] Understood.</s>',
    lastOutputSequence: '[/INST]',
    stopSequence: '',
    userAlignmentMessage: "Let's get started. Please respond based on the information and instructions provided above.",
    wrap: false,
  },
  alpaca: {
    ...common,
    name: 'Alpaca',
    inputSequence: '### Instruction:',
    inputSuffix: '\n\n',
    outputSequence: '### Response:',
    outputSuffix: '\n\n',
    systemSequence: '### Input:',
    systemSuffix: '\n\n',
    storyStringPrefix: '',
    storyStringSuffix: '\n\n',
    stopSequence: '',
    wrap: true,
  },
} as const satisfies Record<string, InstructTemplate>;

export type InstructTemplateName = keyof typeof instructTemplates;
