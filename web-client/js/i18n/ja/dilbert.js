// Japanese words of the dilbert table and log, keyed by their English text.
// Loaded by js/games/registry.js before the game's module. See js/i18n.js.
export default {
};
