// Names the server gives in English, in the page's language: the games
// (the server's game list names each in English; a Japanese page shows the
// names the Japanese rules summaries use, js/rules/*.js, by game id) and
// the bots ("Easy bot 3", server/src/room/robots.rs: "かんたんボット3").

import { lang } from './i18n.js';

const NAMES = {
  ja: {
    osaki: 'お先に失礼しま〜す！',
    office21: 'Office 21',
    dilbert: 'ディルバート・ボードゲーム',
  },
};

/** The name of game `id`; `english` (the server's name) on an English page or for an unknown game. */
export function gameTitle(id, english) {
  return NAMES[lang]?.[id] ?? english ?? id ?? '';
}

const BOT_LEVELS = { ja: { Random: 'ランダム', Easy: 'かんたん', Hard: 'むずかしい' } };

/** A player's name as shown: a bot's English name in the page's language (the server keeps names of that form for bots: room/lobby.rs), anyone else's as typed. */
export function playerName(name) {
  const levels = BOT_LEVELS[lang];
  if (!levels || typeof name !== 'string') return name;
  const bot = /^(Random|Easy|Hard) bot (\d+)$/.exec(name);
  return bot ? `${levels[bot[1]]}ボット${bot[2]}` : name;
}
