// Dilbert: The Board Game, for players (js/rules.js renders it as text).
// docs/games/dilbert.md stays the developers' reference.

export default {
  en: {
    title: 'Dilbert: The Board Game',
    intro: 'For 3 to 6 players. Your job is pointless; stay as happy as you can by dodging work and tormenting your co-workers.',
    sections: [
      {
        id: 'goal',
        heading: 'The goal',
        paragraphs: [
          'Everyone’s happiness starts at 0 and the Pointy-Haired Boss starts at 27. He drops 3 each round. When he falls to or below any employee’s happiness, the game ends, and the happiest employee (after cubicles are counted) wins.',
        ],
      },
      {
        id: 'turn',
        heading: 'Your turn',
        items: [
          ['1. Draw a memo', 'Hand limit five: discard down at once.'],
          ['2. Play memos', 'Start-of-turn memos (and responses to what happened since your last turn), as many as you like, before you move.'],
          ['3. Move', 'Walk up to your Motivation, or Run: roll the die and add it, but a 6 sends you to Heck, knocked down, and ends your turn. You must stop on entering the Conference Room, and Carol’s Office from the hall. Knocked down: next turn you must walk, and standing up costs 2.'],
          ['4. In an office', 'You may sign a project that needs this office’s signature, then make the office roll (offices with a die) or follow the office’s instructions.'],
          ['5. End your turn', 'End-of-turn memos, then End turn. After the last player, the Boss takes his turn.'],
        ],
      },
      {
        id: 'cards',
        heading: 'The cards',
        items: [
          ['Employees', 'Dilbert (may ignore the consultant), Wally (only two work tokens), Asok (starts in the Men’s Restroom), Alice (a kill gives her 3), Tina (+1 when a project of hers dies), Ratbert (loses 1 less from big losses). Each has Motivation, Apathy, Incompetence and Offensiveness.'],
          ['Projects', 'As many as players. “To:” says which two employees get stuck on it (e.g. highest Apathy; ties go to the cubicle nearer the Boss). At each Boss turn the team usually loses happiness. The Schedule is the next project to come.'],
          ['Signatures', 'Each project shows 2 or 3 office icons. Cover them all by signing in those offices and the project is killed: +2 for whoever signed last, and the Schedule takes its place.'],
          ['Memos', 'Your hand. Each says when it can be played: start of turn (most), end of turn, or in response to what others did since your last turn. Memos never touch anyone in a restroom.'],
          ['Consultants', 'Hired by a Conference Room roll: one lasting rule for everyone until the next is hired.'],
          ['Cubicles', 'Your desk in Engineering. Near the Boss it is worth up to −5 at the end and you get picked for projects on ties.'],
        ],
      },
      {
        id: 'end',
        heading: 'How it ends and who wins',
        paragraphs: [
          'The Boss’s turn: every project takes effect in order, then he moves 3 down the track (some memos change that). If he is now at or below anyone’s happiness, the game ends. Final score: happiness + your cubicle’s value + any modifiers (Ratbert, Family Portrait, Plastic Plant). Highest wins; on a tie, the cubicle farthest from the Boss wins.',
        ],
      },
      {
        id: 'online',
        heading: 'Playing online',
        items: [
          ['Who starts', 'Instead of “the worst job”, everyone may describe their worst job when sitting down, and all vote for the worst of the others’ answers.'],
          ['Real-life moments', 'The teapot song and the rooster: choose Perform (a moment on every screen, honour system) or take the penalty. Pocket change and the “players wearing…” memos ask everyone at once; no answer in 30 seconds counts as none/no.'],
          ['Responses', 'Response memos are played at the start of your own turn, on what happened since your last turn, so nobody can tell who holds one.'],
          ['Management Fast Track', 'The cheater may cheat in secret; afterwards everyone has 10 seconds to call out the cheats they saw. A spotted cheat costs the cheater 3 and pays the spotter 1; a wrong accusation costs 1.'],
          ['Offices without a chart', 'Engineering: draw a memo. Carol’s Office: take a work token back. Water Cooler: gain 2 (1 if you stayed). Heck: you may lose 2 to move your cubicle away from the Boss.'],
          ['Turn clock', 'If the host set a turn clock and your time runs out, the server makes a safe move for you.'],
          ['Bots', 'Computer players can fill seats, and the host can let a bot play for someone whose browser closed.'],
        ],
      },
      {
        id: 'table',
        heading: 'What the table shows',
        items: [
          ['to play', 'The seat that must act now (several during a question to everyone).'],
          ['Happiness track', 'Everyone’s happiness and the Boss; the game ends when he reaches the happiest employee.'],
          ['Highlighted spaces', 'Where you may stop, or aim the memo you are playing: click one. By keyboard, Tab takes you onto the map at your piece, the arrow keys go from space to space, and Enter chooses.'],
          ['Knocked down', 'This employee must walk next turn and spends 2 to stand up.'],
          ['Schedule', 'The project that enters play when one is killed.'],
          ['Out tray', 'Memos played recently; they stay until their player’s next turn ends.'],
          ['“Dilbert’s player reads it out”', 'The Communications Strategist is hired: card texts are hidden from everyone but Dilbert’s player.'],
          ['away / bot playing', 'That player’s browser is gone; a bot may be playing for them.'],
        ],
      },
    ],
  },
  ja: {
    title: 'ディルバート・ボードゲーム（Dilbert: The Board Game）',
    intro: '3〜6人用。仕事に意味はありません。仕事から逃げ、同僚をいじめて、できるだけ幸せでいましょう。',
    sections: [
      {
        id: 'goal',
        heading: 'ゲームの目的',
        paragraphs: [
          '全員の幸福度は0から、とんがり頭の上司は27から始まります。上司は毎ラウンド3ずつ下がり、誰かの幸福度以下になったらゲーム終了。キュービクルの点を加えて、いちばん幸せな社員の勝ちです。',
        ],
      },
      {
        id: 'turn',
        heading: '自分の手番',
        items: [
          ['1. メモを引く', '手札の上限は5枚。超えたらすぐに捨てます。'],
          ['2. メモを使う', '移動の前に、手番開始時のメモ（と、前の手番以降に起きたことへの対抗メモ）を好きなだけ使えます。'],
          ['3. 移動', 'やる気までの歩数で歩くか、走ります。走るとサイコロの目を足せますが、6が出るとヘックに送られて倒れ、手番が終わります。会議室に入ったら、また廊下からキャロルの部屋に入ったら止まります。倒れた次の手番は歩くしかなく、起き上がるのに2歩使います。'],
          ['4. 部屋に入ったら', 'その部屋のサインが必要なプロジェクトにサインできます。そのあと、サイコロのある部屋ではオフィスロール、ない部屋では部屋の指示に従います。'],
          ['5. 手番の終わり', '手番終了時のメモを使い、「手番を終える」。最後のプレイヤーの後は上司の番です。'],
        ],
      },
      {
        id: 'cards',
        heading: 'カードについて',
        items: [
          ['社員', 'ディルバート（コンサルタントを無視できる）、ウォーリー（作業トークンが2つだけ）、アショック（男子トイレからスタート）、アリス（プロジェクトをつぶすと3）、ティナ（自分のプロジェクトがつぶれると+1）、ラットバート（大きな損失が1少ない）。それぞれやる気・無気力・無能・不快さの値を持ちます。'],
          ['プロジェクト', 'プレイヤーと同じ数だけ。「担当：」にどの2人が担当させられるかが書いてあります（例：無気力が最も高い2人。同点なら上司に近いキュービクルの人）。上司の番ごとに、担当者はたいてい幸福度を失います。スケジュールは次に来るプロジェクトです。'],
          ['サイン', '各プロジェクトには2〜3個の部屋のアイコンがあります。その部屋でサインしてすべて埋めるとプロジェクトはつぶれ、最後にサインした人は+2。スケジュールが代わりに入ります。'],
          ['メモ', '手札です。使えるタイミングはカードに書いてあります：手番開始時（ほとんど）、手番終了時、または前の手番以降に他人がしたことへの対抗。トイレにいる人にはメモが効きません。'],
          ['コンサルタント', '会議室のロールで雇われ、次が雇われるまで全員にかかる常時ルールです。'],
          ['キュービクル', 'エンジニアリング部の自分の席。上司に近いほど終了時に最大−5点、同点のときにプロジェクトを担当させられます。'],
        ],
      },
      {
        id: 'end',
        heading: '終了と勝敗',
        paragraphs: [
          '上司の番：プロジェクトが順に効果を発揮し、上司がトラックを3下がります（メモで変わることも）。その時点で誰かの幸福度以下ならゲーム終了。最終得点は幸福度＋キュービクルの値＋修正（ラットバート、家族写真、造花）。最も高い人の勝ち。同点なら上司から最も遠いキュービクルの人が勝ちます。',
        ],
      },
      {
        id: 'online',
        heading: 'オンラインでの遊び方',
        items: [
          ['スタートプレイヤー', '「いちばんひどい仕事をした人」の代わりに、席に着くときに自分の最悪の仕事を書き、全員で他の人の回答に投票します。'],
          ['現実世界の場面', 'ティーポットの歌とニワトリのまね：「演じる」（全員の画面に演出が出る自己申告）か、ペナルティを選びます。小銭や「○○を着ているプレイヤー」のメモは全員に同時に質問し、30秒以内に答えないと「なし／いいえ」扱いです。'],
          ['対抗メモ', '対抗メモは、前の手番以降に起きたことに対して自分の手番の最初に使います。誰が持っているかは他の人にわかりません。'],
          ['マネジメント・ファストトラック', '使った人はこっそりズルができます。その後、他の全員が10秒間、見抜いたズルを指摘します。見抜かれたズル1つにつきズルした人は−3、指摘した人は+1。間違った指摘は−1。'],
          ['表のない部屋', 'エンジニアリング：メモを1枚引く。キャロルの部屋：作業トークンを1つ戻せる。給湯室：+2（留まっていたら+1）。ヘック：2失ってキュービクルを上司から遠ざけられる。'],
          ['持ち時間', 'ホストが持ち時間を設定していて時間切れになると、サーバーが無難な手を代わりに行います。'],
          ['ボット', 'コンピューターを席に入れられます。ブラウザーが閉じた人の代わりに、ホストがボットに打たせることもできます。'],
        ],
      },
      {
        id: 'table',
        heading: '卓の表示',
        items: [
          ['手番', 'いま行動する席（全員への質問中は複数）。'],
          ['幸福度トラック', '全員の幸福度と上司の位置。上司がいちばん幸せな社員に届くと終了です。'],
          ['強調されたマス', '止まれる場所、または使うメモの対象。クリックで選びます。キーボードでは、タブキーで自分のコマの位置からマップに入り、矢印キーでマスからマスへ移り、エンターキーで決定します。'],
          ['倒れている', 'この社員は次の手番に歩くしかなく、起き上がるのに2歩使います。'],
          ['スケジュール', 'プロジェクトがつぶれたときに入ってくる次のプロジェクト。'],
          ['アウトトレイ', '最近使われたメモ。使った人の次の手番が終わるまで置かれます。'],
          ['「文章は非公開：ディルバートのプレイヤーが読み上げます」', 'コミュニケーション戦略家が雇われています。カードの文章はディルバートのプレイヤー以外には隠されます。'],
          ['離席中／ボットが代打ち中', 'そのプレイヤーのブラウザーが閉じています。ボットが代わりに打っていることがあります。'],
        ],
      },
    ],
  },
};
