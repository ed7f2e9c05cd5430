// Japanese words of the pages themselves (start page, lobby, room frame,
// chat, end screen, replay, errors), keyed by their English text. See
// js/i18n.js.
export default {
  English: 'English',
};
