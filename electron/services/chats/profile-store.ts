/**
 * Connection profiles in `connections.json` beside the library file (settings, not library content: a library
 * copied to another machine should not carry its owner's endpoints). Keys: see api-key.ts.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../shared/errors.ts';
import type { PresetInfo, ProfileFields, ProfileRecord, SaveProfileInput } from '../../../shared/api/methods/chats.ts';
import { providerPresets } from '../models/profiles.ts';
import type { ConnectionProfile } from '../models/profiles.ts';
import { keyState, readApiKey, writeKeyFile } from './api-key.ts';
import type { KeyCipher } from './api-key.ts';

interface StoredProfile extends ProfileFields {
  id: string;
}

interface ProfilesFile {
  version: 1;
  profiles: StoredProfile[];
}

export const presetList: PresetInfo[] = [
  ...Object.entries(providerPresets).map(([id, p]) => ({ id: id as PresetInfo['id'], label: p.label, kind: p.kind, baseURL: p.baseURL, needsApiKey: p.needsApiKey })),
  { id: 'custom', label: 'Custom (OpenAI-compatible)', kind: 'openai-chat', baseURL: 'http://127.0.0.1:8080/v1', needsApiKey: false },
];

export class ProfileStore {
  readonly file: string;
  private readonly keyDir: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly cipher: KeyCipher | undefined;

  constructor(libraryFile: string, env: NodeJS.ProcessEnv = process.env, cipher?: KeyCipher) {
    const dir = path.dirname(path.resolve(libraryFile));
    this.file = path.join(dir, 'connections.json');
    this.keyDir = path.join(dir, 'keys');
    this.env = env;
    this.cipher = cipher;
  }

  private read(): ProfilesFile {
    if (!fs.existsSync(this.file)) return { version: 1, profiles: [] };
    try {
      const parsed = JSON.parse(fs.readFileSync(this.file, 'utf8')) as ProfilesFile;
      return Array.isArray(parsed.profiles) ? parsed : { version: 1, profiles: [] };
    } catch (e) {
      throw new ApiError('bad_document', `${this.file} is not valid JSON: ${(e as Error).message}`);
    }
  }

  private write(data: ProfilesFile): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }

  private toRecord(p: StoredProfile): ProfileRecord {
    return { ...p, key: keyState(p, this.env) };
  }

  list(): ProfileRecord[] {
    return this.read().profiles.map((p) => this.toRecord(p));
  }

  private find(id: string): StoredProfile {
    const p = this.read().profiles.find((x) => x.id === id);
    if (!p) throw new ApiError('not_found', `No connection profile "${id}".`, [{ path: '/id', message: 'not found' }]);
    return p;
  }

  save(input: SaveProfileInput): ProfileRecord {
    const { apiKey, id: givenId, ...fields } = input;
    const data = this.read();
    const id = givenId ?? randomUUID();
    const index = data.profiles.findIndex((p) => p.id === id);
    if (givenId !== undefined && index < 0) throw new ApiError('not_found', `No connection profile "${givenId}".`, [{ path: '/id', message: 'not found' }]);
    const profile: StoredProfile = { id, ...fields };
    // A typed key replaces whatever source the profile had.
    if (apiKey !== undefined) {
      profile.apiKeyFile = writeKeyFile(this.keyDir, id, apiKey, this.cipher);
      delete profile.apiKeyEnv;
    }
    if (index < 0) data.profiles.push(profile);
    else data.profiles[index] = profile;
    this.write(data);
    return this.toRecord(profile);
  }

  delete(id: string): void {
    const data = this.read();
    const profile = this.find(id);
    // Only a key file this store wrote is removed; a user's own key file is theirs.
    if (profile.apiKeyFile && path.dirname(profile.apiKeyFile) === this.keyDir) fs.rmSync(profile.apiKeyFile, { force: true });
    this.write({ ...data, profiles: data.profiles.filter((p) => p.id !== id) });
  }

  /** The profile with its key, ready for the model client. */
  connection(id: string): ConnectionProfile {
    const p = this.find(id);
    return {
      name: p.name,
      kind: p.kind,
      baseURL: p.baseURL,
      model: p.model,
      apiKey: readApiKey(p, this.env, this.cipher),
      parameters: p.parameters ? { ...p.parameters } : undefined,
      timeoutMs: p.timeoutMs,
    };
  }
}
