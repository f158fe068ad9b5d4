// Test doubles for PPE runs: the reference's deterministic mock model (regex on the last user message, recording
// every request) and a library read from test/fixtures/ppe.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelRequest, ModelResponse } from '../../../shared/ppe/model.ts';

const fixtures = fileURLToPath(new URL('../../fixtures/ppe/', import.meta.url));

export function fixture(name: string): string {
  return readFileSync(`${fixtures}${name}.ai.yaml`, 'utf8');
}

export const library = (id: string): string | undefined =>
  existsSync(`${fixtures}${id}.ai.yaml`) ? fixture(id) : undefined;

const ANSWERS: [RegExp, string][] = [
  [/10 plus 18/, '10 plus 18 equals 28.'],
  [/10 plus 12/, '10 plus 12 equals 22.'],
  [/joke/, 'Why did the chicken cross the road?'],
  [/Who are you/, 'I am Dobby.'],
  [/wrapped in/, 'Thinking... <RESULT>42</RESULT>'],
  [/2\+3/, '{"answer": 5}'],
  [/Pick a fruit/, 'banana'],
];

export interface FakeModel {
  (request: ModelRequest): Promise<ModelResponse>;
  requests: ModelRequest[];
}

/** The reference note's mock: answers by regex on the last user message; `MOCK:<first 60 chars>` otherwise. */
export function fakeModel(): FakeModel {
  const requests: ModelRequest[] = [];
  const model = async (request: ModelRequest): Promise<ModelResponse> => {
    requests.push(structuredClone(request));
    const last = request.messages.findLast((m) => m.role === 'user')?.content ?? '';
    const answer = ANSWERS.find(([re]) => re.test(last))?.[1] ?? `MOCK:${last.slice(0, 60)}`;
    return { content: answer };
  };
  return Object.assign(model, { requests });
}
