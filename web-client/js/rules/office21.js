// Office 21, for players (js/rules.js renders it as text).
// docs/games/office21.md stays the developers' reference.

export default {
  en: {
    title: 'Office 21',
    intro: 'A card game for 2 to 5 players: staff your office so that it makes exactly 21 million, or win another way before someone else does.',
    sections: [
      {
        id: 'goal',
        heading: 'The goal',
        paragraphs: [
          'Each card is an employee with a profit in millions. Your office’s profit is the sum of its face-up cards. Aim for exactly 21 million: go above 21 and you are out (“record-breaking profits”: you are promoted away). There are other ways to win too, listed under “How it ends”.',
        ],
      },
      {
        id: 'turn',
        heading: 'Your turn',
        paragraphs: ['Before play, everyone places one card face down at the same time; the lowest total starts (ties place another card). Then, on your turn:'],
        items: [
          ['1. Refill', 'Draw up to three cards in hand.'],
          ['2. Play', 'Put one card from your hand face up in your office.'],
          ['3. Effect', 'Carry out its effect. It is compulsory if it has a target; if it has none, nothing happens.'],
          ['4. Count', 'Add up your face-up cards. Above 21 million you are out, and your cards go to the discard pile.'],
        ],
      },
      {
        id: 'cards',
        heading: 'The cards',
        paragraphs: ['44 cards. The number after each name is its profit in millions; face-down cards count 0.'],
        items: [
          ['SPY · 0 (5 cards)', 'Cannot be discarded from a hand by a DIRECTOR or removed by a CLEANER. Five SPYs in one office win at once.'],
          ['CLEANER · 0.5 (6)', 'Remove a card from any office, yours included. In another office you must take a MANAGER if there is one. Never a SPY or a DIRECTOR.'],
          ['OPERATOR · 1 (6)', 'Look at the top card of the pile: show it and keep it, or put it back face down (then only you know it).'],
          ['ASSISTANT · 2 (4)', 'Take a card from your own office back into your hand (not a DIRECTOR).'],
          ['SALES · 3 (6)', 'Swap this SALES for a card in another player’s office (a MANAGER first, never a DIRECTOR, and never pushing them above 21).'],
          ['MANAGER · 4 (5)', 'A CLEANER or SALES aimed at his office must take him first (in your own office you may ignore him).'],
          ['SECRETARY · 6 (2)', 'Loves the BOSS: while both are in play, the BOSS and one SECRETARY lie face down and count 0. When one leaves, the other turns face up again.'],
          ['BOSS · 8.5 (2)', 'Loves a SECRETARY (see above). Only one BOSS may be in play: you cannot play the second while the first is there.'],
          ['DIRECTOR · 7 (4)', 'Look secretly at another player’s hand and discard one card that is not a SPY. Once in play, nothing can touch him.'],
          ['TAXMAN · 0 (4)', 'Tax audit: when your next turn comes and he is still in your office, the game ends. Only one TAXMAN in play; a new one discards the old.'],
        ],
      },
      {
        id: 'end',
        heading: 'How it ends and who wins',
        paragraphs: ['If several apply, the higher one in this list wins.'],
        items: [
          ['1. Industrial espionage', 'All five SPYs in your office: you win at once.'],
          ['2. Successful operations', 'You are at exactly 21 million at the start of your turn (you held it for a whole round). If several are at 21, the first to get there wins.'],
          ['3. Tax audit', 'The TAXMAN’s holder starts a turn with him still in the office. Unless someone is at 21, the lowest profit wins (then fewest cards, then the highest single card, then who got there first).'],
          ['4. Full employment', 'The pile cannot refill a hand. Without a TAXMAN in play the highest profit wins at once; with one, play goes on without refills until the audit.'],
          ['5. Last one standing', 'Everyone else went above 21: the last player wins.'],
        ],
      },
      {
        id: 'online',
        heading: 'Playing online',
        items: [
          ['Secrets', 'Only you see your hand. A DIRECTOR’s look and an OPERATOR’s returned card are shown only to the player who looked.'],
          ['Choices', 'When a card needs a target, the table asks you with buttons; even a forced choice is confirmed, so the log stays readable. Everyone sees what you are choosing from.'],
          ['Passing', 'If you cannot play (empty hand, or only a BOSS while the other is in play), the server passes for you.'],
          ['Turn clock', 'If the host set a turn clock and your time runs out, the server plays your lowest-profit card, keeps an OPERATOR’s card, and otherwise takes the first option offered.'],
          ['Stalling', 'An online rule that stops endless ASSISTANT swaps; see “The stalling countdown”.'],
          ['Bots', 'Computer players (random, easy or hard) can fill seats, and the host can let a bot play for someone whose browser closed.'],
        ],
      },
      {
        id: 'stalling',
        heading: 'The stalling countdown',
        paragraphs: [
          'Two players could hand ASSISTANTs back and forth forever. A turn that uses up no cards (an ASSISTANT taking a card back, or a pass) counts as idle. The table shows “The office is stalling: N of M turns without progress”. M is three rounds of the players left. Any turn that makes progress resets it; when N reaches M, the game ends as it would by full employment: the highest profit wins (a player at exactly 21 still wins first).',
        ],
      },
      {
        id: 'table',
        heading: 'What the table shows',
        items: [
          ['to play', 'The seat whose turn it is, or who must answer a choice.'],
          ['Profit', 'Each office’s total of face-up cards, in millions. “At 21” shows who is at exactly 21 and since when (the earliest wins ties).'],
          ['counts 0', 'A face-down (striped) card: a BOSS and the SECRETARY he loves.'],
          ['TAXMAN', 'When the tax audit comes and how many turns are left before it.'],
          ['Draw pile · used up', 'The pile ran out during a TAXMAN audit: no more refills.'],
          ['Discard pile', 'Everything discarded, newest first.'],
          ['away / bot playing', 'That player’s browser is gone; a bot may be playing for them.'],
        ],
      },
    ],
  },
  ja: {
    title: 'Office 21',
    intro: '2〜5人用のカードゲーム。オフィスの利益をぴったり21（百万）にするか、他の方法で誰よりも先に勝ちましょう。',
    sections: [
      {
        id: 'goal',
        heading: 'ゲームの目的',
        paragraphs: [
          'カードはそれぞれ利益（単位は百万）を持つ社員です。オフィスの利益は表向きのカードの合計です。ぴったり21を目指しましょう。21を超えると脱落します（「記録的な利益」で栄転）。ほかの勝ち方は「終了と勝敗」を見てください。',
        ],
      },
      {
        id: 'turn',
        heading: '自分の手番',
        paragraphs: ['ゲームの前に、全員が同時に1枚ずつ裏向きに出し、合計がいちばん低い人が最初の手番です（同点ならもう1枚出します）。手番では次の順に行います。'],
        items: [
          ['1. 補充', '手札が3枚になるまで引きます。'],
          ['2. 出す', '手札から1枚をオフィスに表向きで出します。'],
          ['3. 効果', 'そのカードの効果を行います。対象があれば必ず行い、なければ何も起きません。'],
          ['4. 計算', '表向きのカードを合計します。21を超えたら脱落し、カードは捨て札になります。'],
        ],
      },
      {
        id: 'cards',
        heading: 'カードについて',
        paragraphs: ['全44枚。名前の後の数字は利益（百万）です。裏向きのカードは0として数えます。'],
        items: [
          ['SPY · 0（5枚）', 'DIRECTORで手札から捨てられず、CLEANERでも取り除けません。1つのオフィスに5枚そろうと即勝利。'],
          ['CLEANER · 0.5（6枚）', '自分を含む任意のオフィスからカードを1枚取り除きます。他人のオフィスではMANAGERがいれば必ずMANAGERを選びます。SPYとDIRECTORは対象外。'],
          ['OPERATOR · 1（6枚）', '山札の一番上を見て、公開して手札に加えるか、裏向きのまま戻します（戻したカードはあなただけが知っています）。'],
          ['ASSISTANT · 2（4枚）', '自分のオフィスのカードを1枚手札に戻します（DIRECTORは不可）。'],
          ['SALES · 3（6枚）', 'このSALESを他のプレイヤーのオフィスのカードと交換します（MANAGERが優先、DIRECTORは不可、相手を21超えにする交換も不可）。'],
          ['MANAGER · 4（5枚）', '彼のいるオフィスを狙うCLEANERやSALESは、まず彼を選ばなければなりません（自分のオフィスでは無視できます）。'],
          ['SECRETARY · 6（2枚）', 'BOSSに恋しています。両方が場にいる間、BOSSとSECRETARY 1枚は裏向きになり0として数えます。片方がいなくなると、もう片方は表に戻ります。'],
          ['BOSS · 8.5（2枚）', 'SECRETARYに恋しています（上記参照）。場に出せるBOSSは1枚だけで、1枚目がいる間は2枚目を出せません。'],
          ['DIRECTOR · 7（4枚）', '他のプレイヤーの手札をこっそり見て、SPY以外を1枚捨てさせます。場に出たら、どの効果の対象にもなりません。'],
          ['TAXMAN · 0（4枚）', '税務調査：次の自分の手番にまだオフィスにいれば、ゲーム終了です。場に出せるのは1枚だけで、新しく出すと古いほうは捨て札になります。'],
        ],
      },
      {
        id: 'end',
        heading: '終了と勝敗',
        paragraphs: ['複数当てはまる場合は、この一覧で上にあるほうが勝ちます。'],
        items: [
          ['1. 産業スパイ', 'SPY 5枚がすべて自分のオフィスにそろったら即勝利。'],
          ['2. 経営成功', '手番の開始時に利益がぴったり21（1周守り切った）。21の人が複数いれば、先に到達した人の勝ち。'],
          ['3. 税務調査', 'TAXMANを持つ人の手番開始時に、まだTAXMANがオフィスにいる。21の人がいなければ、利益が最も低い人の勝ち（同点ならカードが少ない人、次に一番高いカードを持つ人、次に先にその利益になった人）。'],
          ['4. 完全雇用', '山札で手札を補充できなくなった。TAXMANが場になければ、その時点で利益が最も高い人の勝ち。TAXMANがいれば、補充なしで税務調査まで続けます。'],
          ['5. 最後の一人', '他の全員が21を超えて脱落したら、残った一人の勝ち。'],
        ],
      },
      {
        id: 'online',
        heading: 'オンラインでの遊び方',
        items: [
          ['秘密', '手札は自分にしか見えません。DIRECTORで見た手札や、OPERATORで戻したカードは、見た本人にだけ表示されます。'],
          ['選択', '対象が必要なカードでは、卓にボタンで選択肢が出ます。1つしかなくても確認するので、ログが読みやすくなります。何から選んでいるかは全員に見えます。'],
          ['パス', '出せるカードがない（手札が空、または場にBOSSがいて手札がBOSSだけ）ときは、サーバーが自動でパスします。'],
          ['持ち時間', 'ホストが持ち時間を設定していて時間切れになると、サーバーが利益の最も低いカードを出し、OPERATORのカードは手札に加え、それ以外は最初の選択肢を選びます。'],
          ['停滞', 'ASSISTANTの応酬が永遠に続かないためのオンライン独自のルールです。「停滞カウントダウン」を見てください。'],
          ['ボット', 'コンピューター（ランダム・かんたん・むずかしい）を席に入れられます。ブラウザーが閉じた人の代わりに、ホストがボットに打たせることもできます。'],
        ],
      },
      {
        id: 'stalling',
        heading: '停滞カウントダウン',
        paragraphs: [
          '2人でASSISTANTを返し合うと、ゲームが永遠に終わりません。カードを消費しない手番（ASSISTANTでカードを戻す、またはパス）は「停滞」として数えます。卓には「オフィスが停滞しています：N／M手番が進展なし」と表示されます。Mは残っているプレイヤーの3周分です。進展のある手番があればリセットされ、NがMに達すると完全雇用と同じようにゲームが終わります。利益が最も高い人の勝ちです（ぴったり21の人がいればその人が優先）。',
        ],
      },
      {
        id: 'table',
        heading: '卓の表示',
        items: [
          ['手番', 'いま手番の席、または選択を待っている席です。'],
          ['利益', '各オフィスの表向きカードの合計（百万）。「ぴったり21 Mに到達（N手目）」の注記は、ぴったり21の人と、いつからかを示します（同点なら早い人が優先）。'],
          ['0として数える', '裏向き（しま模様）のカード。BOSSと、彼が恋するSECRETARYです。'],
          ['TAXMAN', '税務調査がいつ来るか、あと何手番あるかを示します。'],
          ['山札・尽きました', 'TAXMANがいる間に山札が尽きました。もう補充はありません。'],
          ['捨て札', '捨て札の一覧（新しい順）。'],
          ['離席中／ボットが代打ち中', 'そのプレイヤーのブラウザーが閉じています。ボットが代わりに打っていることがあります。'],
        ],
      },
    ],
  },
};
