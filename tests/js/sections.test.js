// live/sections.js: the director's console's bar of sections (issue 25: sections on
// a phone).
import { equal, test } from "/js-tests/harness.js";
import { activeSection, sectionLabel } from "/static/live/sections.js";

test("the section read is the last whose top has passed under the header", () => {
  // The header's bottom at 100 px: the second section's top is under it.
  equal(activeSection([-900, 40, 600, 1400], 100), 1);
  equal(activeSection([-900, -300, 100, 1400], 100), 2);  // exactly at the line
  equal(activeSection([-900, -300, -100, -20], 100), 3);
});

test("before any section reaches the header, the first is marked", () => {
  equal(activeSection([300, 900], 100), 0);
});

test("a hidden section (no top) is never marked", () => {
  equal(activeSection([-500, null, 40, 900], 100), 2);
  equal(activeSection([null, 300, 900], 100), 1);
  equal(activeSection([-500, null, null], 100), 0);
  equal(activeSection([null, null], 100), -1);
});

test("a section with something waiting carries its count", () => {
  equal(sectionLabel("Floor", 0), "Floor");
  equal(sectionLabel("Floor", 3), "Floor 3");
});
