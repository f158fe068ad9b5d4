/** Boundary validation: the renderer is untrusted, so every input is checked against its schema. */
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { ApiError } from '../errors.ts';
import { methods, isMethodName } from './contract.ts';
import type { MethodName, MethodInput } from './contract.ts';

const ajv = new Ajv({ allErrors: true, strict: true });
const compiled = new Map<MethodName, ValidateFunction>();

function validatorFor(name: MethodName): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) {
    fn = ajv.compile(methods[name].input);
    compiled.set(name, fn);
  }
  return fn;
}

export function assertMethod(name: string): MethodName {
  if (!isMethodName(name)) throw new ApiError('unknown_method', `Unknown API method "${name}".`);
  return name;
}

export function validateInput<M extends MethodName>(name: M, input: unknown): MethodInput<M> {
  const fn = validatorFor(name);
  if (fn(input)) return input as MethodInput<M>;
  const details = (fn.errors ?? []).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` ("${String(e.params['additionalProperty'])}")` : e.keyword === 'required' ? ` ("${String(e.params['missingProperty'])}")` : '';
    return { path: e.instancePath, message: `${e.instancePath || 'input'} ${e.message ?? 'is invalid'}${extra}` };
  });
  throw new ApiError('bad_input', `Invalid input for ${name}: ${details.map((d) => d.message).join('; ')}`, details);
}
