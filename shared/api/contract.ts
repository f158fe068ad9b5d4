/**
 * The one API: every method's name, input JSON Schema and output type (docs/ARCHITECTURE.md#one-api-two-transports). Both transports and the
 * implementation are typed from this table; `JSONSchemaType` makes tsc check each schema against its input type.
 * Each domain declares its methods in methods/<domain>.ts; this file only gathers them.
 */
import type { MethodSpec } from './method.ts';
import { cardMethods } from './methods/cards.ts';
import { convertMethods } from './methods/convert.ts';
import { appMethods } from './methods/app.ts';
import { lorebookMethods } from './methods/lorebooks.ts';
import { loreTestMethods } from './methods/lore-tests.ts';
import { scriptMethods } from './methods/scripts.ts';
import { chatsMethods } from './methods/chats.ts';
import { linkMethods } from './methods/links.ts';

export type {
  SortKey,
  ListInput,
  IdInput,
  CreateInput,
  UpdateInput,
  RevisionInput,
  BulkInput,
  RenameTagInput,
  ImportInput,
} from './methods/cards.ts';

export const methods = {
  ...cardMethods,
  ...convertMethods,
  ...appMethods,
  ...lorebookMethods,
  ...loreTestMethods,
  ...scriptMethods,
  ...chatsMethods,
  ...linkMethods,
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
type Spec<M extends MethodName> = Methods[M];
export type MethodInput<M extends MethodName> = Spec<M> extends MethodSpec<infer I, unknown, unknown> ? I : never;
export type MethodOutput<M extends MethodName> = NonNullable<Spec<M>['output']>[0];
export type MethodProgress<M extends MethodName> = NonNullable<Spec<M>['progress']>;

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(methods, name);
}

/** The part of AbortSignal we rely on; declared here because shared/ sees neither DOM nor Node types. */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** What a caller may pass besides the input: progress for streaming methods and a cancel signal. */
export interface CallOptions<P> {
  onProgress?: (event: P) => void;
  signal?: CancelSignal;
}

/** The API as both transports present it to the renderer and tests. */
export interface ApiClient {
  invoke<M extends MethodName>(
    method: M,
    input: MethodInput<M>,
    options?: CallOptions<MethodProgress<M>>,
  ): Promise<MethodOutput<M>>;
}
