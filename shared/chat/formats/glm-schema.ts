// The JSON Schema (2020-12) of the GLM (PyALM) chat history, as described in docs/chat-formats.md#schema;
// the upstream format is a prose note with no schema of its own. Extra keys are allowed everywhere, as the spec says.
export const glmChatHistorySchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://example.invalid/schemas/glm-chat-history.schema.json',
  title: 'GLM (PyALM) advanced chat history',
  description:
    'Draft schema for finnschwall/PyALM format_specifications.md (2023-10). Extra keys are allowed everywhere unless noted.',
  type: 'object',
  properties: {
    history: {
      description: 'Time-ordered entries representing the entire user-service interaction.',
      type: 'array',
      items: {
        $ref: '#/$defs/historyEntry',
      },
    },
    meta: {
      type: 'object',
      properties: {
        chat_started: {
          description: 'Timestamp when the chat started (decision: ISO-8601 string preferred; epoch seconds accepted).',
          oneOf: [
            {
              type: 'string',
              format: 'date-time',
            },
            {
              type: 'number',
            },
          ],
        },
        used_model: {
          type: 'string',
        },
      },
      additionalProperties: true,
    },
    settings: {
      $ref: '#/$defs/settings',
    },
    system: {
      $ref: '#/$defs/system',
    },
  },
  required: ['history'],
  additionalProperties: true,
  $defs: {
    historyEntry: {
      description: '(decision) One-key object keyed by entry type, as in Evaluation/chat.yaml.',
      type: 'object',
      minProperties: 1,
      maxProperties: 1,
      properties: {
        user: {
          $ref: '#/$defs/userEntry',
        },
        assistant: {
          $ref: '#/$defs/assistantEntry',
        },
        user_interaction: {
          $ref: '#/$defs/userInteractionEntry',
        },
      },
      additionalProperties: false,
    },
    entryMeta: {
      type: 'object',
      properties: {
        token_count: {
          type: 'integer',
          minimum: 0,
        },
        completion_time: {
          description: 'Seconds the assistant took to generate the response.',
          type: 'number',
          minimum: 0,
        },
      },
      additionalProperties: true,
    },
    functionCall: {
      type: 'object',
      properties: {
        name: {
          type: 'string',
        },
        parameters: {
          description: 'Both args and kwargs (decision: {args: [], kwargs: {}}).',
          type: 'object',
          properties: {
            args: {
              type: 'array',
            },
            kwargs: {
              type: 'object',
            },
          },
          additionalProperties: true,
        },
        original_call: {
          description: 'Raw call text as emitted by the model (seen in pyalm/internal/alm.py).',
          type: 'string',
        },
        return: {
          description: 'Return value (seen in pyalm/internal/alm.py).',
        },
      },
      required: ['name'],
      additionalProperties: true,
    },
    commonEntry: {
      type: 'object',
      properties: {
        content: {
          type: 'string',
        },
        meta: {
          $ref: '#/$defs/entryMeta',
        },
        function_calls: {
          description: '(decision) array; a single object is accepted on import and wrapped.',
          oneOf: [
            {
              type: 'array',
              items: {
                $ref: '#/$defs/functionCall',
              },
            },
            {
              $ref: '#/$defs/functionCall',
            },
          ],
        },
      },
    },
    userEntry: {
      type: 'object',
      allOf: [
        {
          $ref: '#/$defs/commonEntry',
        },
      ],
      properties: {
        sentiment: {
          description: "Sentiment of the user's message (type unspecified).",
          type: ['string', 'number', 'object'],
        },
      },
      unevaluatedProperties: true,
    },
    assistantEntry: {
      type: 'object',
      allOf: [
        {
          $ref: '#/$defs/commonEntry',
        },
      ],
      properties: {
        feedback: {
          description: 'User feedback about this assistant message (type unspecified).',
          type: ['string', 'number', 'object', 'boolean'],
        },
      },
      unevaluatedProperties: true,
    },
    userInteractionEntry: {
      type: 'object',
      description: 'No rigid structure defined by the spec.',
      allOf: [
        {
          $ref: '#/$defs/commonEntry',
        },
      ],
      unevaluatedProperties: true,
    },
    availableFunction: {
      oneOf: [
        {
          type: 'string',
          description: 'Name only (as in Evaluation/chat.yaml).',
        },
        {
          type: 'object',
          properties: {
            name: {
              type: 'string',
            },
            args: {
              type: 'array',
              items: {
                type: ['string', 'object'],
              },
            },
            kwargs: {
              type: ['array', 'object'],
            },
            help: {
              type: 'string',
            },
          },
          required: ['name'],
          additionalProperties: true,
        },
      ],
    },
    sequencePair: {
      type: 'array',
      prefixItems: [
        {
          type: 'string',
        },
        {
          type: 'string',
        },
      ],
      minItems: 2,
      maxItems: 2,
    },
    settings: {
      type: 'object',
      properties: {
        chat_format: {
          description: 'How the dict is parsed into the model prompt.',
          type: 'string',
        },
        function_calls: {
          type: 'object',
          properties: {
            enabled: {
              type: 'boolean',
            },
            available_functions: {
              type: 'array',
              items: {
                $ref: '#/$defs/availableFunction',
              },
            },
            compiler_trust_level: {
              description: 'Optional; semantics unspecified.',
              type: ['integer', 'string'],
            },
            max_calls_per_output: {
              type: 'integer',
              minimum: 0,
            },
            max_tokens_per_code_segment: {
              type: 'integer',
              minimum: 0,
            },
          },
          additionalProperties: true,
        },
        atomic_sequences: {
          description: 'Sequences always returned as one chunk while streaming, e.g. ["$$","$$"].',
          oneOf: [
            {
              type: 'array',
              items: {
                $ref: '#/$defs/sequencePair',
              },
            },
            {
              type: 'object',
              additionalProperties: {
                $ref: '#/$defs/sequencePair',
              },
            },
          ],
        },
        model_specific_settings: {
          type: 'object',
          additionalProperties: true,
        },
        settings: {
          description: 'Legacy double nesting seen in Evaluation/chat.yaml; importers should merge it up.',
          $ref: '#/$defs/settings',
        },
      },
      additionalProperties: true,
    },
    system: {
      type: 'object',
      properties: {
        content: {
          description: 'System prompt (present in Evaluation/chat.yaml, not named in the spec).',
          type: 'string',
        },
        primary_message: {
          description: 'Primary message displayed to the user.',
          type: 'string',
        },
        available_user_info: {
          type: 'object',
          additionalProperties: true,
        },
        service_info: {
          type: 'object',
          additionalProperties: true,
        },
        system: {
          description:
            'Legacy nesting seen in Evaluation/chat.yaml (keys background→service_info, user_info→available_user_info).',
          type: 'object',
          additionalProperties: true,
        },
      },
      additionalProperties: true,
    },
  },
} as const;
