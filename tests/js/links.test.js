// shared/links.js: invite and host links on the room's public address, else on the
// browser's; a link that opens on this machine only is said to be one.
import { assert, equal, test } from "/js-tests/harness.js";
import {
  linkOn, loadRoomAddress, onlyOnThisMachine, reachNote, roomLink,
} from "/static/shared/links.js";

test("a link is on the public address when the room has one, else on the browser's", () => {
  equal(linkOn("/t/abc", { publicUrl: "https://poker.example.org", origin: "http://127.0.0.1:8000" }),
    "https://poker.example.org/t/abc");
  equal(linkOn("/t/abc", { publicUrl: null, origin: "http://192.168.1.20:8000" }),
    "http://192.168.1.20:8000/t/abc");
});

test("loopback addresses open on this machine only; LAN and public ones do not", () => {
  for (const url of ["http://127.0.0.1:8000/t/a", "http://localhost:8000/", "http://[::1]:8000/", "http://127.1.2.3/"]) {
    assert(onlyOnThisMachine(url), url);
    assert(reachNote(url).includes("Play with friends"), url);
  }
  for (const url of ["http://192.168.1.20:8000/t/a", "https://poker.example.org/t/a", "http://127.example.org/"]) {
    assert(!onlyOnThisMachine(url), url);
    equal(reachNote(url), "");
  }
});

test("a room without a public address links on the browser's own", async () => {
  await loadRoomAddress();
  equal(roomLink("/t/abc"), `${location.origin}/t/abc`);
});
