// shared/dom.js: escaping into markup, the address's parts, forms' numbers, writes
// made only when they change.
import { deepEqual, equal, parse, test } from "/js-tests/harness.js";
import { escapeHtml, fillScrolled, numberField, pathPart, setHtml, setText } from "/static/shared/dom.js";

test("escapeHtml escapes the five characters markup reads", () => {
  equal(escapeHtml(`<b class="x">Tom & 'Jerry'</b>`), "&lt;b class=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;");
  deepEqual([escapeHtml(null), escapeHtml(undefined), escapeHtml(0)], ["", "", "0"]);
});

test("escaped text stays text inside an element and an attribute", () => {
  // eslint-disable-next-line no-restricted-syntax -- a hostile name, which is escaped
  const name = `"><img src=x onerror=alert(1)>`;
  const box = parse(`<div title="${escapeHtml(name)}">${escapeHtml(name)}</div>`);
  const div = box.querySelector("div");
  equal(div.title, name);
  equal(div.textContent, name);
  equal(box.querySelector("img"), null);
});

test("pathPart decodes one part of a path", () => {
  equal(pathPart(2, "/t/abc%20d"), "abc d");
  equal(pathPart(4, "/live/ev1/p/tok%2Fen"), "tok/en");
  equal(pathPart(5, "/t/abc"), "");
});

test("numberField: a number, or undefined for empty and not-a-number", () => {
  const data = new FormData();
  data.set("a", "12");
  data.set("b", "");
  data.set("c", "1e3");
  data.set("d", "twelve");
  deepEqual(["a", "b", "c", "d", "missing"].map((n) => numberField(data, n)), [12, undefined, 1000, undefined, undefined]);
});

test("fillScrolled keeps a log at the bottom only when it was there", () => {
  const box = document.createElement("div");
  box.style.cssText = "height:40px;overflow:auto";
  document.body.append(box);
  const lines = (n) => Array.from({ length: n }, (_, i) => `<div style="height:20px">${i}</div>`).join("");
  fillScrolled(box, lines(10));
  equal(box.scrollTop, box.scrollHeight - box.clientHeight, "a new log shows its end");
  fillScrolled(box, lines(20));
  equal(box.scrollTop, box.scrollHeight - box.clientHeight, "kept at the bottom");
  box.scrollTop = 0;
  fillScrolled(box, lines(30));
  equal(box.scrollTop, 0, "left where the reader was");
  box.remove();
});

test("setText and setHtml leave an element alone when nothing changed", () => {
  const box = document.createElement("div");
  setText(box, "12s");
  const node = box.firstChild;
  setText(box, "12s");
  equal(box.firstChild, node, "the same text: the same node, no layout work");
  setText(box, "11s");
  equal(box.textContent, "11s");
  setHtml(box, "<b>Level 3</b>");
  const bold = box.firstChild;
  setHtml(box, "<b>Level 3</b>");
  equal(box.firstChild, bold, "the same markup: the same elements");
  setHtml(box, "<b>Level 4</b>");
  equal(box.textContent, "Level 4");
  setText(null, "x");  // an element the page does not have: nothing
  setHtml(null, "x");
});
