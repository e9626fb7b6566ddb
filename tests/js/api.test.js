// shared/api.js against the real room: answers, refusals as ApiError, error text.
import { assert, equal, rejects, test } from "/js-tests/harness.js";
import { ApiError, api, errorText } from "/static/shared/api.js";

test("errorText reads the room's error, FastAPI's detail, and validation lists", () => {
  equal(errorText({ error: "no such seat", reason: "bad_seat" }), "no such seat");
  equal(errorText({ detail: "no table 'x'" }), "no table 'x'");
  equal(errorText({ detail: [{ loc: ["body", "seats"], msg: "too big" }, { loc: ["body", "a", "b"], msg: "bad" }] }),
    "seats: too big; a.b: bad");
  equal(errorText(null), "");
  equal(errorText({ other: 1 }), "");
});

test("api answers the JSON of a route", async () => {
  const answer = await api("/api/games");
  assert(answer.games.length > 0, "games listed");
});

test("a refusal is an ApiError with the room's message, status and reason", async () => {
  const err = await rejects(() => api("/api/tables", { method: "POST", body: { name: "x", game: "chess" } }));
  assert(err instanceof ApiError, `an ApiError, not ${err}`);
  equal(err.status, 400);
  assert(err.message.includes("chess"), err.message);
  const missing = await rejects(() => api("/api/tables/nope/hands"));
  equal(missing.status, 404);
  assert(missing.message.includes("nope"), missing.message);
});
