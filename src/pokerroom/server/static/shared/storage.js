// What this browser keeps for the room (seat tokens, host keys, a name, settings):
// localStorage under "pokerroom.", JSON; nothing when the browser keeps nothing.

export const storage = {
  get(key, fallback = null) {
    try {
      const raw = localStorage.getItem(`pokerroom.${key}`);
      return raw === null ? fallback : JSON.parse(raw);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`pokerroom.${key}`, JSON.stringify(value));
    } catch {
      /* private mode: the seat lasts as long as the page */
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(`pokerroom.${key}`);
    } catch {
      /* ignore */
    }
  },
};
