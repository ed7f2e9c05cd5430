// Osaki ni Shitsurei Shima-su!! in the browser: the renderer the room page
// loads for this game (see js/games/registry.js for the interface).
// table.js draws the table, tiles.js names and draws tiles, log.js and
// ending.js put events and the end into words.

import { describeEnding } from './ending.js';
import { describeEvent } from './log.js';
import { OsakiTable } from './table.js';

export const renderer = {
  id: 'osaki',

  createTable(container) {
    return new OsakiTable(container);
  },

  activeSeats(view) {
    return view && !view.ending && view.turn !== null && view.turn !== undefined ? [view.turn] : [];
  },

  turnSeat(view) {
    return view && !view.ending && view.turn !== null && view.turn !== undefined ? view.turn : null;
  },

  describeEvent,
  describeEnding,
};
