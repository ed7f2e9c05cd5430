// Japanese words of the games' faces (issue 14): the start page's game
// cards, the room's invite fold and Office 21's profit meter, keyed by
// their English text. Loaded with `shell` by js/i18n.js. The terms follow
// the Japanese rules summaries (js/rules/*.js): 利益, 脱落, 上司, 幸福度.
export default {
  'Hand your work on to your colleagues and be the first to leave the office.': '仕事を同僚に回して、誰よりも先に退社しましょう。',
  'Hire, fire and swap staff until your office makes exactly 21 million.': '社員を出し、取り除き、入れ替えて、オフィスの利益をぴったり21（百万）に。',
  'Dodge the Boss, kill projects and end up the happiest employee.': '上司をかわし、プロジェクトをつぶして、いちばん幸せな社員になりましょう。',
  'About {minutes} min': '約{minutes}分',
  'Invite people': '招待する',
  'Profit toward {target}': '{target}までの利益',
  '{profit} of {target}': '{profit}／{target}',
  '{profit}: exactly {target}': '{profit}：ぴったり{target}',
  '{profit}: over {target}, out of the game': '{profit}：{target}超え、脱落',
  '{profit}: out of the game': '{profit}：脱落',
};
