// A very small test runner for the room's browser modules, run in Chromium by
// tests/browser/test_js_units.py: a test module calls test(name, fn) for each test;
// run(path) imports it, runs every test (async ones awaited) and answers one result
// per test, {name, ok, error}.  Assertions throw AssertionError with what differed.

const registry = [];

export class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = "AssertionError";
  }
}

/** Register a test: ``fn`` throws (or rejects) to fail. */
export function test(name, fn) {
  registry.push({ name, fn });
}

const show = (value) => (typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value, (k, v) =>
  (v instanceof Map ? { Map: [...v] } : v instanceof Set ? { Set: [...v] } : v)) ?? String(value));
const prefix = (message) => (message ? `${message}: ` : "");

export function assert(condition, message = "expected a true value") {
  if (!condition) throw new AssertionError(message);
}

/** ``actual`` is ``expected`` (Object.is). */
export function equal(actual, expected, message = "") {
  if (!Object.is(actual, expected)) {
    throw new AssertionError(`${prefix(message)}expected ${show(expected)}, got ${show(actual)}`);
  }
}

/** The same structure and values (arrays, plain objects, Maps and Sets). */
export function deepEqual(actual, expected, message = "") {
  if (show(actual) !== show(expected)) {
    throw new AssertionError(`${prefix(message)}expected ${show(expected)}, got ${show(actual)}`);
  }
}

/** ``text`` contains ``part`` (``absent``: it does not). */
export function includes(text, part, message = "", absent = false) {
  if (String(text).includes(part) === absent) {
    throw new AssertionError(`${prefix(message)}${show(part)} ${absent ? "found" : "not found"} in ${show(text)}`);
  }
}

/** ``fn()`` throws (or its promise rejects); the error is returned. */
export async function rejects(fn, message = "") {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new AssertionError(`${prefix(message)}expected an error, none was thrown`);
}

/** ``html`` parsed into a fragment, to ask it with selectors. */
export function parse(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

/** Run the tests of the module at ``path``. */
export async function run(path) {
  registry.length = 0;
  await import(path);
  const results = [];
  for (const { name, fn } of registry) {
    try {
      await fn();
      results.push({ name, ok: true, error: "" });
    } catch (err) {
      results.push({ name, ok: false, error: err instanceof AssertionError ? err.message : String(err?.stack || err) });
    }
  }
  return results;
}
