// The plan "Play against the computer" leaves for the room page (js/solo.js
// says how it is played): kept apart so that a room page reads it without
// loading the set-up, which only a solo game's page imports
// (docs/performance.md, "First load").

import { LEVELS } from './bots.js';

const PLAN_PREFIX = 'cubicle:solo:';

function session() {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** The plan the start page left for `roomId`: {name, level} or null. */
export function soloPlan(roomId) {
  try {
    const plan = JSON.parse(session()?.getItem(PLAN_PREFIX + roomId) ?? 'null');
    return plan && typeof plan.name === 'string' && LEVELS.includes(plan.level) ? plan : null;
  } catch {
    return null;
  }
}

export function savePlan(roomId, plan) {
  try {
    session()?.setItem(PLAN_PREFIX + roomId, JSON.stringify(plan));
  } catch {
    // Without sessionStorage the room page is an ordinary lobby: the player
    // can still add the bots and start by hand.
  }
}

export function dropPlan(roomId) {
  try {
    session()?.removeItem(PLAN_PREFIX + roomId);
  } catch {
    // nothing kept, nothing to drop
  }
}
