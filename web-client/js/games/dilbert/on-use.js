// Parts of the Dilbert table that most turns never show, loaded the first
// time they are needed: Management Fast Track (its banner, the loaded die,
// the call-out form) and the pages of the card reference. A table's first
// load carries that much less script (docs/performance.md, "First load");
// the room page's bundle puts these modules in its second part, which
// comes with the first of them (server/src/web/bundle.rs, `Later`).
//
// `part(redraw)` gives the module once it has come, or null while it is
// on its way: the caller then draws without it, and `redraw` is called
// once it is here (a table redraws from its last context). A load that
// fails is tried again at the next call.

function onUse(load) {
  let module = null;
  let loading = null;
  const redraws = new Set();
  return (redraw) => {
    if (module) return module;
    if (redraw) redraws.add(redraw);
    loading ??= load().then(
      (loaded) => {
        module = loaded;
        const waiting = [...redraws];
        redraws.clear();
        for (const again of waiting) again();
      },
      (error) => {
        loading = null;
        console.warn('a part of the table could not be loaded', error);
      },
    );
    return null;
  };
}

/** Management Fast Track (fasttrack.js). */
export const fastTrack = onUse(() => import('./fasttrack.js'));

/** The card reference's pages (reference-cards.js); its dialog and button are reference.js. */
export const referenceCards = onUse(() => import('./reference-cards.js'));

/** Resolves with a part's module (loading it if need be), for a caller that can wait. */
export function whenLoaded(part) {
  return new Promise((resolve) => {
    const module = part(() => resolve(part()));
    if (module) resolve(module);
  });
}
