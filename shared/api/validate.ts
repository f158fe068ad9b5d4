/** Boundary validation: the renderer is untrusted, so every input is checked against its schema. */
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { ApiError } from '../errors.ts';
import { methods, isMethodName } from './contract.ts';
import type { MethodName, MethodInput } from './contract.ts';
import { describeProblem, findTreeProblem } from '../util/document-limits.ts';
import { cappedList } from '../util/capped-list.ts';

// The envelope keeps the first problems; a hostile input can have 100,000.
const MAX_DETAILS = 20;

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
  // Before the schema: handlers serialise and walk what they get, so no deep or self-referring value gets that far.
  const problem = findTreeProblem(input);
  if (problem)
    throw new ApiError('bad_input', `Invalid input for ${name}: ${describeProblem(problem)}`, [
      { path: problem.pointer, message: problem.message },
    ]);
  const fn = validatorFor(name);
  if (fn(input)) return input as MethodInput<M>;
  const details = (fn.errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? ` ("${String(e.params['additionalProperty'])}")`
        : e.keyword === 'required'
          ? ` ("${String(e.params['missingProperty'])}")`
          : '';
    return { path: e.instancePath, message: `${e.instancePath || 'input'} ${e.message ?? 'is invalid'}${extra}` };
  });
  throw new ApiError(
    'bad_input',
    `Invalid input for ${name}: ${cappedList(
      details.map((d) => d.message),
      'problems',
      10,
      '; ',
    )}`,
    details.slice(0, MAX_DETAILS),
  );
}
