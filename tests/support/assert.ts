/** Assertions for tests: node:assert/strict, plus the few helpers it lacks. */
import assert from "node:assert/strict";

export { assert };

/** Asserts deep equality. */
export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  assert.deepStrictEqual(actual, expected, message);
}

/** Asserts that text contains a fragment, showing the text on failure. */
export function assertIncludes(text: string, fragment: string, message?: string): void {
  assert.ok(
    text.includes(fragment),
    message ?? `expected to find ${JSON.stringify(fragment)} in:\n${text}`,
  );
}

/** Asserts that fn throws an instance of cls and returns the error. */
export function assertThrows<E extends Error>(
  fn: () => unknown,
  cls: new (...args: never[]) => E,
): E {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof cls, `expected ${cls.name}, got ${String(err)}`);
    return err;
  }
  throw new assert.AssertionError({ message: `expected ${cls.name} to be thrown` });
}

/** Asserts that a promise rejects with an instance of cls and returns the error. */
export async function assertRejects<E extends Error>(
  fn: () => Promise<unknown>,
  cls: new (...args: never[]) => E,
): Promise<E> {
  try {
    await fn();
  } catch (err) {
    assert.ok(err instanceof cls, `expected ${cls.name}, got ${String(err)}`);
    return err;
  }
  throw new assert.AssertionError({ message: `expected ${cls.name} rejection` });
}
