// A route's answer schema (Elysia's `response`). Outside production (development, the API tests, the browser tests)
// Elysia checks every answer against it, so an answer that breaks the contract fails there as a 500. In production
// the answer goes out as the handler made it: the check costs about 2.5 µs per tool listed, a quarter of the per-request
// budget of /api/tools at the throughput target, and the tests have already checked every route's answers
// (docs/decisions/0035-api-contract.md). The contract's answer schemas are strict objects without transforms, so a
// checked answer and an unchecked one are the same JSON.
import type { z } from 'zod';
import { isProduction } from './config';

type StandardValidate = (value: unknown) => { value: unknown };

export function answer<T extends z.ZodType>(schema: T, check = !isProduction): T {
  if (check) return schema;
  // The same schema (its type, its definition for the API's documentation) whose check lets every answer through.
  const passThrough: StandardValidate = (value) => ({ value });
  return Object.create(schema, {
    '~standard': { value: { ...schema['~standard'], validate: passThrough }, enumerable: false },
  }) as T;
}
