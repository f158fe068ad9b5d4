/** How one API method is declared: its input schema, and phantom output/progress types. */
import type { JSONSchemaType } from 'ajv';

export interface MethodSpec<I, O, P = never> {
  input: JSONSchemaType<I>;
  /** Phantom fields: carry the output and progress types; never set at run time (a tuple so O may be null). */
  output?: [O];
  progress?: P;
  /** Long operations stream progress and can be cancelled. */
  streams?: true;
}

export function method<I, O, P = never>(input: JSONSchemaType<I>, streams?: true): MethodSpec<I, O, P> {
  return streams ? { input, streams } : { input };
}
