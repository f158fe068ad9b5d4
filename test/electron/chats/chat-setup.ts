// Seraphina in a fresh library, a connection profile for the local test server, and a chat with one user message:
// the start of every chats API test.
import fs from 'node:fs';
import type { useApiWithModelServer } from '../../helpers/api-client.ts';
import type { SaveProfileInput } from '../../../shared/api/methods/chats.ts';
import { appendMessage, createTranscript, type Transcript } from '../../../shared/chat/index.ts';
import { characterFromCard } from '../../../shared/prompt/index.ts';

export const cardText = fs.readFileSync(
  new URL('../../fixtures/lorebooks/Seraphina-1.18.0.card.json', import.meta.url),
  'utf8',
);

/** A connection profile for the local test server. */
export const saveLocalProfile = (
  env: ReturnType<typeof useApiWithModelServer>,
  extra: Pick<SaveProfileInput, 'apiKey' | 'parameters'> = {},
) =>
  env.api.invoke('chats.saveProfile', {
    name: 'Local',
    preset: 'custom',
    kind: 'openai-chat',
    baseURL: env.server.baseURL,
    model: 'test-model',
    ...extra,
  });

export async function startChat(
  env: ReturnType<typeof useApiWithModelServer>,
  message: string,
  profile: Pick<SaveProfileInput, 'apiKey' | 'parameters'>,
): Promise<{ cardId: number; profileId: string; profileKey: string; transcript: Transcript }> {
  const card = await env.api.invoke('cards.create', { document: cardText });
  const saved = await saveLocalProfile(env, profile);
  let transcript = createTranscript(characterFromCard(JSON.parse(cardText)), { name: 'Sam' });
  transcript = appendMessage(transcript, 'user', 'Sam', { text: message });
  return { cardId: card.id, profileId: saved.id, profileKey: saved.key, transcript };
}
