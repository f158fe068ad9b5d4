/**
 * The few platform globals shared/ may use: present in browsers, workers, Node and Electron alike. Declared here
 * because shared/ compiles without DOM or Node types (so nothing else from either can creep in).
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
declare function atob(data: string): string;
declare function btoa(data: string): string;
declare const console: {
  log(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
};
declare function setTimeout(handler: () => void, ms?: number): number;
declare function clearTimeout(id: number | undefined): void;
declare const performance: { now(): number };
