// The viewer's legal actions, indexed by what they name. Nothing here
// computes a rule: a control exists exactly when the server listed its
// action, and it sends that object unchanged.

/** `Action`s by type, with lookups for the ones drawn on the table. */
export function indexLegal(legal) {
  const index = {
    all: [],
    /** move actions by destination space */
    moves: new Map(),
    /** sign actions by `${project}:${icon}` */
    sign: new Map(),
    /** discard actions by memo id */
    discard: new Map(),
    /** play actions by memo id: a list, one per target the server accepts */
    play: new Map(),
    /** change: one example action (any cents 0..=10000 is accepted) */
    change: null,
    byType: new Map(),
  };
  for (const action of legal ?? []) {
    if (!action || typeof action.type !== 'string') continue;
    index.all.push(action);
    if (!index.byType.has(action.type)) index.byType.set(action.type, []);
    index.byType.get(action.type).push(action);
    switch (action.type) {
      case 'move':
        index.moves.set(action.to, action);
        break;
      case 'sign':
        index.sign.set(signKey(action.project, action.icon), action);
        break;
      case 'discard':
        index.discard.set(action.memo, action);
        break;
      case 'play':
        if (!index.play.has(action.memo)) index.play.set(action.memo, []);
        index.play.get(action.memo).push(action);
        break;
      case 'change':
        index.change = action;
        break;
      default:
        break;
    }
  }
  return index;
}

export function signKey(project, icon) {
  return `${project}:${icon}`;
}

/** The legal actions of one type (an empty list when none). */
export function ofType(legal, type) {
  return legal.byType.get(type) ?? [];
}

/** The legal plays of one memo (an empty list when it may not be played). */
export function playsOf(legal, memo) {
  return legal.play.get(memo) ?? [];
}

/** Whether playing this memo asks for a target first (some play names one). */
export function asksForTarget(plays) {
  return plays.some((a) => a.target !== undefined && a.target !== null);
}

/**
 * The types with their own control, not a plain button in the prompt's
 * list: on the map, the icons, the hand, a form (pocket change, the
 * call-out) or the loaded die's faces.
 */
export const DRAWN_ELSEWHERE = new Set(['move', 'sign', 'discard', 'play', 'change', 'accuse', 'roll', 'load_die']);

/** The cents a `change` action may carry. */
export const CHANGE_MAX_CENTS = 10000;

/** A stable key for an action, for focus across renders. */
export function actionKey(action) {
  return `a-${Object.entries(action)
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join('&')}`;
}
