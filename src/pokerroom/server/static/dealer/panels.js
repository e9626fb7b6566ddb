// The tablet's session panels (issue 26): the players' link and its QR code, the hands
// played and their PHH download, the settle-up and closing the game.  The tablet
// (dealer/tablet.js) owns the state and the taps; these panels read the state it shows
// and send their taps through it.
import { ApiError, api, downloadWithToken } from "/static/shared/api.js";
import { $, setHtml, toast } from "/static/shared/dom.js";
import { roomLink } from "/static/shared/links.js";
import { handsHtml, settleHtml } from "/static/dealer/steps.js";

export class SessionPanels {
  /**
   * @param {{base: string, id: string, host: () => string, state: () => any,
   *          tap: (kind: string) => void, render: () => void,
   *          showError: (text: string) => void}} tablet
   */
  constructor(tablet) {
    this.tablet = tablet;
    this.link = null;  // the players' link ({url, qr}), as the room gives it
    this.handsShown = -1;  // the hands played when the hands list was last loaded
    this.handsLoading = false;
    $("copy-link").addEventListener("click", () => this.copyLink());
    $("hands-phh").addEventListener("click", () => this.download());
    $("close-game").addEventListener("click", () => {
      $("close-box").hidden = false;
      $("close-game").hidden = true;
      $("close-go").focus();
    });
    $("close-cancel").addEventListener("click", () => {
      $("close-box").hidden = true;
      tablet.render();
    });
    $("close-go").addEventListener("click", () => {
      $("close-box").hidden = true;
      tablet.tap("close");
    });
    $("settle").addEventListener("click", () => this.settle());
  }

  /** The players' short link: the room's (on its public address), else this page's. */
  linkUrl(viewCode) {
    return this.link ? this.link.url : roomLink(`/d/${viewCode}`);
  }

  // The players' link and its QR code (an SVG the room makes from its own address).
  async loadLink() {
    try {
      this.link = await api(`${this.tablet.base}/link`, { cache: "no-store" });
      $("qr").innerHTML = this.link.qr;
    } catch {
      this.link = null;  // the link on this browser's address, without its QR code
    }
    this.tablet.render();
  }

  /** The hands list, loaded again when one more hand has been played. */
  follow(hands) {
    if (hands !== this.handsShown) this.loadHands();
  }

  async loadHands() {
    const host = this.tablet.host();
    const state = this.tablet.state();
    if (!host || !state || this.handsLoading) return;
    this.handsLoading = true;
    const count = state.hands;
    try {
      const hands = await api(`${this.tablet.base}/hands`, { token: host, cache: "no-store" });
      this.handsShown = count;
      $("hands-phh").disabled = !hands.some((h) => h.phh);
      setHtml($("hands"), handsHtml(hands));
    } catch (err) {
      if (err instanceof ApiError) this.handsShown = count;  // refused: asked again after the next hand
    } finally {
      this.handsLoading = false;
    }
  }

  async copyLink() {
    const link = $("short-link").href;
    try {
      await navigator.clipboard.writeText(link);
      toast("The players' link is copied.", "info");
    } catch {
      toast(`Copy it by hand: ${link}`, "info");
    }
  }

  async download() {
    const { base, id } = this.tablet;
    try {
      await downloadWithToken(`${base}/hands.phhs`, `dealer-${id}.phhs`, this.tablet.host());
    } catch (err) {
      this.tablet.showError(err.message);
    }
  }

  async settle() {
    try {
      const money = await api(`${this.tablet.base}/settle`,
        { token: this.tablet.host(), cache: "no-store" });
      $("settle-out").innerHTML = settleHtml(money);
    } catch (err) {
      this.tablet.showError(err.message);
    }
  }
}
