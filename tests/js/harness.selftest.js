// The harness itself: these tests must fail (test_js_units.py checks that each is
// reported as failed, with its name and what differed), so a test can fail.
import { assert, deepEqual, equal, includes, rejects, test } from "/js-tests/harness.js";

test("equal fails on different values", () => equal(1, 2));
test("deepEqual fails on different arrays", () => deepEqual([1, 2], [1, 3]));
test("assert fails on false", () => assert(false, "false is false"));
test("includes fails on a missing part", () => includes("abc", "z"));
test("rejects fails when nothing is thrown", () => rejects(() => 1));
test("a thrown error fails", () => {
  throw new TypeError("boom");
});
test("a rejected promise fails", async () => {
  await Promise.reject(new Error("later"));
});
test("a passing test passes", () => equal(1, 1));
