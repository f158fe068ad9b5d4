// Lorewright's own `char` type, used by `type: char` scripts unless the library holds a script with id `char`.
// It is visible and editable on purpose: the reference runtime's hidden char prompt is not something we ship.

export const CHAR_TYPE_ID = 'char';

export const CHAR_TYPE_SCRIPT = `---
type: type
_id: char
description: A roleplay character. Front matter gives name, description, personality and scenario.
input:
  - name: {required: true}
  - description
  - personality
  - scenario
---
system: |-
  You are {{name}}. Stay in character as {{name}} in every reply: speak and act as {{name}} would, and write only {{name}}'s part of the conversation.{% if description %}

  {{description}}{% endif %}{% if personality %}

  Personality: {{personality}}{% endif %}{% if scenario %}

  Scenario: {{scenario}}{% endif %}
`;
