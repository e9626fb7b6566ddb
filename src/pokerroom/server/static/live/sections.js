// The director's console is one long page on a phone (60 players are seven tables of
// nine seats): a bar of its sections under the sticky header jumps to each, says which
// one is on screen, and counts what waits on the floor.  Nothing is hidden by it: every
// section stays where it is for whoever scrolls.

/** Which of the sections (their tops, in page order, relative to the viewport) is
 * being read: the last whose top has passed the line under the sticky header
 * (``line``), else the first.  A section still hidden has a null top. */
export function activeSection(tops, line) {
  let at = -1;
  tops.forEach((top, i) => {
    if (top !== null && top <= line + 1) at = i;
  });
  if (at >= 0) return at;
  return tops.findIndex((top) => top !== null);
}

/** The bar's label of a section: its name, and a count when something waits. */
export function sectionLabel(name, waiting) {
  return waiting > 0 ? `${name} ${waiting}` : name;
}

/** Wire the bar ``nav`` (links whose ``href`` is ``#id`` of a section) under
 * ``header``: a tap scrolls the section under the header (the address keeps its own
 * fragment), and the section on screen is marked ``aria-current``.  Returns
 * ``update()``, to call after a render shows or hides sections. */
export function sectionBar(nav, header) {
  const links = [...nav.querySelectorAll("a[href^='#']")];
  const target = (a) => document.getElementById(a.getAttribute("href").slice(1));
  const place = () => document.documentElement.style.setProperty("--head", `${header.offsetHeight + 8}px`);
  let queued = false;
  const mark = () => {
    queued = false;
    // (A section jumped to stops 8 px under the header: --head, scroll-margin-top.)
    const line = header.getBoundingClientRect().bottom + 12;
    const tops = links.map((a) => {
      const section = target(a);
      return section && !a.hidden ? section.getBoundingClientRect().top : null;
    });
    const at = activeSection(tops, line);
    links.forEach((a, i) => {
      if (i === at) a.setAttribute("aria-current", "true");
      else a.removeAttribute("aria-current");
    });
    const current = links[at];
    // The marked link kept in view in a bar that scrolls sideways (at 390 px).
    if (current && (current.offsetLeft < nav.scrollLeft
        || current.offsetLeft + current.offsetWidth > nav.scrollLeft + nav.clientWidth)) {
      nav.scrollLeft = current.offsetLeft - 8;
    }
  };
  const later = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(mark);
    }
  };
  for (const a of links) {
    a.addEventListener("click", (event) => {
      const section = target(a);
      if (!section) return;
      event.preventDefault();
      section.scrollIntoView({ block: "start" });
    });
  }
  window.addEventListener("scroll", later, { passive: true });
  window.addEventListener("resize", () => {
    place();
    later();
  });
  place();
  return () => {
    for (const a of links) {
      const section = target(a);
      a.hidden = !section || section.hidden;
    }
    place();
    later();
  };
}
