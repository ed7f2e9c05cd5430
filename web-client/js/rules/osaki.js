// Osaki ni Shitsurei Shima-su!!, for players (js/rules.js renders it as
// text). docs/games/osaki.md stays the developers' reference.

export default {
  en: {
    title: 'Osaki ni Shitsurei Shima-su!!',
    intro: 'A quick office game for 2 to 4 players: hand your work to your colleagues and be the one with the least left on your desk.',
    sections: [
      {
        id: 'goal',
        heading: 'The goal',
        paragraphs: [
          'Everyone starts with a row of tiles: jobs you have been handed but have not looked at yet. Pass as much of that work as you can onto other people’s stacks. At the end, whoever has the fewest tiles in front of them wins.',
        ],
      },
      {
        id: 'turn',
        heading: 'Your turn',
        paragraphs: ['On your turn you do exactly one of these:'],
        items: [
          ['Turn a tile', 'Flip one of your face-down tiles to see which task it is. On your very first turn this is the only thing you may do.'],
          ['Hand work over', 'Move one of your turned stacks onto another turned stack (yours or a colleague’s) when the two top tiles share the same character or the same task. “Please handle this too!” (これもお願いします！)'],
        ],
        after: [
          'A stack always moves whole and only its top tile counts. Face-down tiles never move and nothing can be put on them.',
        ],
      },
      {
        id: 'tiles',
        heading: 'The tiles',
        paragraphs: [
          'There are 24 tiles: 6 characters, each doing each of 4 tasks once. Each player gets one tile of every character (two of each with 2 players). You see the character on every face-down tile, but nobody, not even you, knows its task until it is turned.',
        ],
        items: [
          ['Characters', '社長 President, 専務 Senior Managing Director, 部長 Department Manager, 係長 Section Chief, 先輩 Senior Colleague, 派遣社員 Temp Worker.'],
          ['Tasks', 'コピー Copying, 伝票整理 Accounting, 倉庫整理 Inventory, 電話番 Phone duty.'],
          ['Stacks', 'The ×N badge on a stack is how many tiles it holds. They all count against whoever has the stack at the end.'],
        ],
      },
      {
        id: 'end',
        heading: 'How it ends and who wins',
        items: [
          ['Leaving early', 'Move your last stack onto someone else’s and your desk is empty: you call “I’m leaving now!” (お先に失礼しま〜す！), everyone answers “Good job!” (お疲れさまでした！) and you win on the spot.'],
          ['Otherwise', 'The game ends when every tile is turned and no two stacks anywhere match. Whoever has the fewest tiles in front of them wins; a tie shares the victory.'],
        ],
      },
      {
        id: 'online',
        heading: 'Playing online',
        items: [
          ['Who starts', 'The rulebook says the person who left work latest yesterday. When you sit down you may answer “When did you leave work yesterday?”; the latest time starts (times before 6:00 count as after midnight). No answer or a tie: a random draw among them.'],
          ['Passing', 'If you have nothing you can do, the server passes for you and the log says so.'],
          ['Leaving early ends the game', 'The game stops as soon as someone leaves early.'],
          ['Leftover tiles', 'With 3 players six tiles are not dealt. You see their characters during the game; their tasks are shown at the end.'],
          ['Turn clock', 'If the host set a turn clock and your time runs out, the server turns one of your face-down tiles at random (or makes your first possible stack move if none is left).'],
          ['Bots', 'Computer players (random, easy or hard) can fill seats, and the host can let a bot play for someone whose browser closed, until they take their seat back.'],
          ['Nothing is secret', 'Everyone sees the same table; the hidden tasks stay on the server until they are turned.'],
        ],
      },
      {
        id: 'table',
        heading: 'What the table shows',
        items: [
          ['to play', 'The seat whose turn it is.'],
          ['you / host', 'Your own seat; the person who created the room.'],
          ['away / bot playing', 'That player’s browser is gone; a bot may be playing for them.'],
          ['×N', 'The number of tiles in a stack.'],
          ['passed (no move)', 'The log line when the server passed for someone who could not move.'],
        ],
      },
    ],
  },
  ja: {
    title: 'お先に失礼しま〜す！',
    intro: '2〜4人で遊ぶ短いオフィスゲーム。自分の仕事を同僚に回して、手元に残る仕事をいちばん少なくしましょう。',
    sections: [
      {
        id: 'goal',
        heading: 'ゲームの目的',
        paragraphs: [
          'みんな、まだ中身を見ていない仕事のタイルを一列持ってスタートします。できるだけ多くの仕事を他の人の山に押しつけましょう。最後に手元のタイルがいちばん少ない人の勝ちです。',
        ],
      },
      {
        id: 'turn',
        heading: '自分の手番',
        paragraphs: ['手番では、次のどちらか一つだけを行います。'],
        items: [
          ['タイルをめくる', '裏向きの自分のタイルを1枚めくり、何の仕事かを確認します。最初の手番ではこれしかできません。'],
          ['仕事を回す', 'めくってある自分の山を、一番上のタイルの人物か仕事が同じ、表向きの山（自分のものでも他の人のものでも可）の上に重ねます。「これもお願いします！」'],
        ],
        after: [
          '山は必ず丸ごと動かし、見るのは一番上のタイルだけです。裏向きのタイルは動かせず、その上に重ねることもできません。',
        ],
      },
      {
        id: 'tiles',
        heading: 'タイルについて',
        paragraphs: [
          'タイルは全24枚。6人の人物がそれぞれ4種類の仕事を1枚ずつ持っています。各プレイヤーには人物が1枚ずつ配られます（2人プレイでは2枚ずつ）。裏向きのタイルは人物だけが見えていて、仕事はめくるまで誰にも（自分にも）わかりません。',
        ],
        items: [
          ['人物', '社長、専務、部長、係長、先輩、派遣社員。'],
          ['仕事', 'コピー、伝票整理、倉庫整理、電話番。'],
          ['山', '山に付いている「×N」はタイルの枚数です。最後に山を持っている人の枚数として数えます。'],
        ],
      },
      {
        id: 'end',
        heading: '終了と勝敗',
        items: [
          ['お先に失礼', '最後の山を他の人の山に重ねて手元が空になったら、「お先に失礼しま〜す！」。みんなは「お疲れさまでした！」と返し、その人がその場で勝ちます。'],
          ['それ以外', 'すべてのタイルがめくられ、重ねられる山がどこにもなくなったら終了です。手元のタイルが最も少ない人の勝ち。同数なら勝利を分け合います。'],
        ],
      },
      {
        id: 'online',
        heading: 'オンラインでの遊び方',
        items: [
          ['スタートプレイヤー', 'ルールでは「昨日いちばん遅く退社した人」から。席に着くときに「昨日は何時に退社しましたか？」に答えられます。いちばん遅い時刻の人が最初です（6:00より前は深夜扱い）。回答がない場合や同じ時刻の場合は、その中からランダムに決まります。'],
          ['パス', 'できることが何もないときは、サーバーが自動でパスし、ログに表示します。'],
          ['お先に失礼で終了', '誰かが「お先に失礼」した時点でゲームは終わります。'],
          ['余ったタイル', '3人プレイでは6枚が配られません。ゲーム中は人物だけが見え、仕事は終了時に公開されます。'],
          ['持ち時間', 'ホストが持ち時間を設定していて時間切れになると、サーバーが裏向きのタイルをランダムに1枚めくります（残っていなければ、最初に可能な重ね方を行います）。'],
          ['ボット', 'コンピューター（ランダム・かんたん・むずかしい）を席に入れられます。ブラウザーが閉じた人の代わりに、ホストがボットに打たせることもでき、本人はいつでも席に戻れます。'],
          ['秘密はなし', '全員が同じ卓を見ています。めくられていない仕事はサーバーだけが知っています。'],
        ],
      },
      {
        id: 'table',
        heading: '卓の表示',
        items: [
          ['手番', 'いま手番の席です。'],
          ['あなた／ホスト', 'あなたの席／部屋を作った人です。'],
          ['離席中／ボットが代打ち中', 'そのプレイヤーのブラウザーが閉じています。ボットが代わりに打っていることがあります。'],
          ['×N', '山のタイルの枚数です。'],
          ['パスしました（打つ手なし）', '動けない人の代わりにサーバーがパスしたときのログです。'],
        ],
      },
    ],
  },
};
