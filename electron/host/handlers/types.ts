/** What handlers receive and must provide; one table per domain, checked against the contract. */
import type {
  CallOptions,
  MethodInput,
  MethodName,
  MethodOutput,
  MethodProgress,
} from '../../../shared/api/contract.ts';
import type { Library } from '../../services/library/library.ts';
import type { KeyCipher } from '../../services/chats/api-key.ts';
import type { SandboxPool } from '../../sandbox/pool.ts';
import type { ErrorLog } from '../../services/error-log.ts';

/** The services the API runs on; opened once by whoever hosts the API (Electron main, web host, tests). */
export interface HostContext {
  library: Library;
  /** Which transport serves this API (shown in Settings); the web host when not said. */
  transport?: 'electron' | 'web';
  /** Encrypts typed-in API keys at rest where the OS offers a keychain (the desktop app). */
  keyCipher?: KeyCipher;
  /** Where untrusted content (lorebooks, templates, scripts) is evaluated: never inline on the API thread. */
  sandbox: SandboxPool;
  /** Where the stacks of unexpected failures go (the user sees the message). */
  log?: ErrorLog;
}

export type Handler<M extends MethodName> = (
  input: MethodInput<M>,
  options: CallOptions<MethodProgress<M>>,
) => MethodOutput<M> | Promise<MethodOutput<M>>;

/** The handlers for every method whose name starts with `Prefix`. */
export type HandlerTable<Prefix extends string> = { [M in Extract<MethodName, `${Prefix}${string}`>]: Handler<M> };
