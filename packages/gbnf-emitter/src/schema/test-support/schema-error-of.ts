import { GbnfSchemaError } from '../../errors.js';

/** The `GbnfSchemaError` that `run` throws; anything else (or nothing) fails the test. */
export function schemaErrorOf(run: () => unknown): GbnfSchemaError {
  try {
    run();
  } catch (error) {
    if (GbnfSchemaError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a GbnfSchemaError');
}
