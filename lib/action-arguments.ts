import { z } from 'zod';

/**
 * A server action's arguments come from the request body, bound ones included: a client can send
 * any value in any position. Actions read them through these, so a malformed post gets an answer
 * instead of a crash.
 */

/** A text field of a posted form; empty when the argument is not a form at all. */
export function formField(form: unknown, name: string): string {
  return form instanceof FormData ? String(form.get(name) ?? '') : '';
}

/** A bound query (an e-mailed link's fields), or undefined when it is not one. */
export function stringFields(value: unknown): Record<string, string> | undefined {
  const parsed = z.record(z.string(), z.string()).safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
