// The room's HTTP API from a page: JSON in and out, the room's error form read into
// one message, a moving table waited for, downloads with the token in a header.
import { toast } from "/static/shared/dom.js";

/** A refusal of the room: ``message`` as the room words it, ``status`` the HTTP
 * status, ``reason`` the room's machine-readable reason (or ""). */
export class ApiError extends Error {
  constructor(message, status, reason) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.reason = reason;
  }
}

/** The message of an error answer: the room's ``error``, FastAPI's ``detail`` (a
 * string, or a validation error's list of fields). */
export function errorText(data) {
  if (!data) return "";
  if (typeof data.error === "string") return data.error;
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) {
    return data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return "";
}

const pause = (ms) => new Promise((done) => {
  setTimeout(done, ms);
});

/** ``path``'s JSON answer; a refusal throws :class:`ApiError`.  ``body`` is sent as
 * JSON, ``token`` (a seat's, a player's, a host's) as a bearer header. */
export async function api(path, { method = "GET", body, token, cache } = {}) {
  const headers = body ? { "content-type": "application/json" } : {};
  // A seat token goes in a header, never in a URL (which logs and referrers keep).
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  let data = null;
  // A room on many processes: a table moving to another server answers 503
  // "table_moving" (nothing was done) for a second or two; the request is tried again.
  // (A table on another server is a redirect, which fetch follows by itself.)
  for (let attempt = 0; ; attempt += 1) {
    response = await fetch(path, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      ...(cache ? { cache } : {}),
    });
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (response.status !== 503 || data?.reason !== "table_moving" || attempt >= 8) break;
    await pause(1000);
  }
  if (!response.ok) {
    throw new ApiError(errorText(data) || `${response.status} ${response.statusText}`.trim(),
      response.status, data?.reason || "");
  }
  return data;
}

/** Fetch ``path`` (``init``: fetch's options) and save the answer as ``filename``; a
 * refusal raises :class:`ApiError` with the room's words. */
export async function downloadAs(path, filename, init = {}) {
  const response = await fetch(path, init);
  if (!response.ok) {
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    throw new ApiError(errorText(data) || `${response.status} ${response.statusText}`.trim(),
      response.status, data?.reason || "");
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Download ``path`` as ``filename`` with the seat token in a header (not the URL). */
export function downloadWithToken(path, filename, token) {
  return downloadAs(path, filename, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** POST ``body`` as JSON to ``path`` and save the answer as ``filename`` (a host's
 * ledger: the key travels in the body, never in the URL). */
export function downloadPost(path, body, filename) {
  return downloadAs(path, filename, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
}

/** Make every ``a[data-file]`` in ``box`` download through :func:`downloadWithToken`
 * (``token()`` gives the viewer's token, or null), a failure shown as a toast. */
export function wireTokenDownloads(box, token) {
  for (const link of box.querySelectorAll("a[data-file]")) {
    link.addEventListener("click", async (event) => {
      event.preventDefault();
      try {
        await downloadWithToken(link.getAttribute("href"), link.dataset.file, token());
      } catch (err) {
        toast(err.message);
      }
    });
  }
}
