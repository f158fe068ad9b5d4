// "Test connection": the model ids a server offers (GET {baseURL}/models).
import { createClient } from './client.ts';
import { toModelError } from './errors.ts';
import type { ConnectionProfile } from './profiles.ts';

export async function listModels(
  profile: ConnectionProfile,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  try {
    const ids: string[] = [];
    for await (const model of createClient(profile).models.list({ signal: options.signal })) ids.push(model.id);
    return ids;
  } catch (err) {
    throw toModelError(err, profile);
  }
}
