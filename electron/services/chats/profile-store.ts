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
import { checkKeyVariable, keyState, originOf, readApiKey, writeKeyFile } from './api-key.ts';
import type { KeyCipher } from './api-key.ts';

/** What connections.json holds: the fields, and where the key lives and which origin it belongs to. */
interface StoredProfile extends ProfileFields {
  id: string;
  apiKeyFile?: string;
  keyOrigin?: string;
}

interface ProfilesFile {
  version: 1;
  profiles: StoredProfile[];
}

export const presetList: PresetInfo[] = [
  ...Object.entries(providerPresets).map(([id, p]) => ({
    id: id as PresetInfo['id'],
    label: p.label,
    kind: p.kind,
    baseURL: p.baseURL,
    needsApiKey: p.needsApiKey,
  })),
  {
    id: 'custom',
    label: 'Custom (OpenAI-compatible)',
    kind: 'openai-chat',
    baseURL: 'http://127.0.0.1:8080/v1',
    needsApiKey: false,
  },
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

  /** Keys come from this store's own key files or a provider's variable, and only for the origin they were saved for. */
  private usableSource(p: StoredProfile): StoredProfile {
    const ownFile = p.apiKeyFile !== undefined && path.dirname(path.resolve(p.apiKeyFile)) === this.keyDir;
    // Profiles from before keys were bound to an origin belong to the URL they were saved with.
    const keyOrigin = p.keyOrigin ?? originOf(p.baseURL);
    if (keyOrigin !== originOf(p.baseURL)) return { ...p, apiKeyEnv: undefined, apiKeyFile: undefined };
    return { ...p, apiKeyFile: ownFile ? p.apiKeyFile : undefined };
  }

  private toRecord(p: StoredProfile): ProfileRecord {
    const { apiKeyFile: _file, keyOrigin: _origin, ...fields } = p;
    const state = keyState(this.usableSource(p), this.env);
    // A key source that can no longer be used (a foreign key file, a key saved for another origin) must be re-entered.
    const key = state === 'none' && (p.apiKeyFile !== undefined || p.apiKeyEnv !== undefined) ? 'missing' : state;
    return { ...fields, key };
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
    const { apiKey, clearKey, id: givenId, apiKeyEnv, ...fields } = input;
    const data = this.read();
    const id = givenId ?? randomUUID();
    const index = data.profiles.findIndex((p) => p.id === id);
    if (givenId !== undefined && index < 0)
      throw new ApiError('not_found', `No connection profile "${givenId}".`, [{ path: '/id', message: 'not found' }]);
    const old = index < 0 ? undefined : data.profiles[index]!;
    const origin = originOf(fields.baseURL);
    const profile: StoredProfile = { id, ...fields };
    // The key stays only while the URL keeps its origin: pointing a connection elsewhere forgets its key.
    const keep = old && !clearKey && (old.keyOrigin ?? originOf(old.baseURL)) === origin;
    if (keep && old.apiKeyFile) profile.apiKeyFile = old.apiKeyFile;
    if (keep && old.apiKeyEnv) profile.apiKeyEnv = old.apiKeyEnv;
    if (old?.apiKeyFile && !keep) this.removeOwnKeyFile(old.apiKeyFile);
    if (apiKeyEnv !== undefined) {
      checkKeyVariable(apiKeyEnv, fields.baseURL, '/apiKeyEnv');
      if (profile.apiKeyFile) this.removeOwnKeyFile(profile.apiKeyFile);
      delete profile.apiKeyFile;
      profile.apiKeyEnv = apiKeyEnv;
    }
    // A typed key replaces whatever source the profile had.
    if (apiKey !== undefined) {
      profile.apiKeyFile = writeKeyFile(this.keyDir, id, apiKey, this.cipher);
      delete profile.apiKeyEnv;
    }
    if (profile.apiKeyFile || profile.apiKeyEnv) profile.keyOrigin = origin;
    if (index < 0) data.profiles.push(profile);
    else data.profiles[index] = profile;
    this.write(data);
    return this.toRecord(profile);
  }

  /** Only a key file this store wrote is removed; a user's own key file is theirs. */
  private removeOwnKeyFile(file: string): void {
    if (path.dirname(path.resolve(file)) === this.keyDir) fs.rmSync(file, { force: true });
  }

  delete(id: string): void {
    const data = this.read();
    const profile = this.find(id);
    if (profile.apiKeyFile) this.removeOwnKeyFile(profile.apiKeyFile);
    this.write({ ...data, profiles: data.profiles.filter((p) => p.id !== id) });
  }

  private key(p: StoredProfile): string | undefined {
    const usable = this.usableSource(p);
    if (!usable.apiKeyFile && !usable.apiKeyEnv && (p.apiKeyFile || p.apiKeyEnv)) {
      throw new ApiError(
        'bad_input',
        `The key of "${p.name}" was saved for another server (or lives outside the app's key store); enter it again for ${originOf(p.baseURL)}.`,
        [{ path: '/apiKey', message: 'key not usable here' }],
      );
    }
    return readApiKey(usable, this.env, this.cipher);
  }

  /** The profile with its key, ready for the model client. */
  connection(id: string): ConnectionProfile {
    const p = this.find(id);
    return {
      name: p.name,
      kind: p.kind,
      baseURL: p.baseURL,
      model: p.model,
      apiKey: this.key(p),
      parameters: p.parameters ? { ...p.parameters } : undefined,
      timeoutMs: p.timeoutMs,
    };
  }
}
