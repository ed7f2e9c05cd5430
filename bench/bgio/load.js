// Load client for the boardgame.io peer (server.js): plays `rooms` Osaki
// matches x `seats` players at once through boardgame.io's own client and
// its socket.io transport (WebSocket only), closed loop (each player acts as
// soon as it is its turn, choosing at random among its legal moves, as
// Cubicle's load tool does), a new match for each finished one. Counts what
// happens in a fixed window of `duration` seconds that starts `warmup`
// seconds in, or once every room's first match is set up and every player
// has its first state, whichever is later (boardgame.io takes seconds to set
// up 100 matches on this machine), reads the server's CPU time from
// /proc/PID/stat at the window's start and end, and exits (games still in
// play are left).
//
//   node load.js --url http://127.0.0.1:18812 --server-pid PID \
//       --rooms 100 --seats 4 --warmup 5 --duration 10 [--json]
//
// Latencies: act to ack is from calling the move until this player's client
// gets the state that move produced (boardgame.io has no separate ack);
// act to every seat has it, until the last player of the match gets it.
'use strict';

const fs = require('fs');
const { execSync } = require('child_process');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Osaki, legal } = require('./osaki');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const url = arg('url', 'http://127.0.0.1:18812');
const rooms = Number(arg('rooms', '100'));
const seats = Number(arg('seats', '4'));
const duration = Number(arg('duration', '10')) * 1000;
const warmup = Number(arg('warmup', '0')) * 1000;
const timeout = Number(arg('timeout', '300')) * 1000;
const serverPid = arg('server-pid', null);
const asJson = process.argv.includes('--json');

let ticks = 100;
try {
  ticks = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
} catch (_) {}
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / ticks;
}

const ack = [];
const allSeats = [];
let actions = 0;
let games = 0;
// The window counted, in performance.now() milliseconds.
let windowStart = Infinity;
let windowEnd = Infinity;
const counting = () => {
  const now = performance.now();
  return windowStart <= now && now < windowEnd;
};

async function post(path, body) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One match: create, seat everyone, play to the end; `onReady` once
 * every player has its first state. */
async function playMatch(seed, onReady) {
  const { matchID } = await post('/games/osaki/create', { numPlayers: seats });
  const creds = [];
  for (let s = 0; s < seats; s++) {
    const { playerCredentials } = await post(`/games/osaki/${matchID}/join`, {
      playerID: String(s),
      playerName: `P${s}`,
    });
    creds.push(playerCredentials);
  }
  // When the move in flight was sent, and by state id how many players have it.
  const room = { inFlight: 0, arrivals: new Map(), synced: 0 };
  let rng = (seed * 2654435761) >>> 0 || 1;
  const random = (n) => {
    rng ^= rng << 13;
    rng >>>= 0;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    rng >>>= 0;
    return rng % n;
  };
  const players = creds.map(
    (credentials, seat) =>
      new Promise((resolve, reject) => {
        const playerID = String(seat);
        const client = Client({
          game: Osaki,
          multiplayer: SocketIO({ server: url, socketOpts: { transports: ['websocket'] } }),
          matchID,
          playerID,
          credentials,
          debug: false,
        });
        let seen = -1;
        let pending = null; // [stateID acted on, sent at]
        client.subscribe((state) => {
          if (!state || !state.isConnected || state._stateID === seen) return;
          const later = seen >= 0;
          if (!later && ++room.synced === seats) onReady();
          seen = state._stateID;
          if (later || state._stateID > 0) {
            // A state some move produced: count it for act-to-every-seat.
            let a = room.arrivals.get(seen);
            if (!a) room.arrivals.set(seen, (a = { at: room.inFlight, n: 0 }));
            if (++a.n === seats) {
              room.arrivals.delete(seen);
              if (a.at && counting()) allSeats.push(performance.now() - a.at);
            }
          }
          if (pending && state._stateID > pending[0]) {
            if (counting()) {
              ack.push(performance.now() - pending[1]);
              actions++;
            }
            pending = null;
          }
          if (state.ctx.gameover) {
            client.stop();
            resolve();
            return;
          }
          if (!pending && state.ctx.currentPlayer === playerID) {
            const moves = legal(state.G, seat);
            const [name, ...args] = moves[random(moves.length)];
            pending = [state._stateID, performance.now()];
            room.inFlight = pending[1];
            client.moves[name](...args);
          }
        });
        client.start();
        setTimeout(() => reject(new Error('match timed out')), timeout).unref();
      }),
  );
  await Promise.all(players);
  if (counting()) games++;
}

async function main() {
  const t0 = performance.now();
  let ready = 0;
  let allReady;
  const everyRoomReady = new Promise((resolve) => (allReady = resolve));
  const playing = Promise.all(
    Array.from({ length: rooms }, async (_, r) => {
      for (let played = 0; performance.now() < windowEnd; played++) {
        await playMatch(r + played * rooms + 1, () => {
          if (played === 0 && ++ready === rooms) allReady();
        });
      }
    }),
  ).then(() => {
    throw new Error('every room stopped before the end of the window');
  });
  const until = (t) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t - performance.now())));
  await Promise.race([Promise.all([until(t0 + warmup), everyRoomReady]), playing]);
  windowStart = performance.now();
  windowEnd = windowStart + duration;
  const cpu0 = serverPid ? cpuSeconds(serverPid) : null;
  const client0 = process.cpuUsage();
  await Promise.race([until(windowEnd), playing]);
  const secs = (performance.now() - windowStart) / 1000;
  const cpu = serverPid ? cpuSeconds(serverPid) - cpu0 : null;
  const client = process.cpuUsage(client0);
  if (cpu === 0) console.error(`warning: process ${serverPid} used no CPU time during the run: is it the server (not a shell around it)?`);
  const load = Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  const summary = (xs) => {
    xs.sort((a, b) => a - b);
    const q = (p) => (xs.length ? Math.round(xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] * 1000) / 1000 : null);
    return { count: xs.length, p50_ms: q(0.5), p90_ms: q(0.9), p99_ms: q(0.99), p999_ms: q(0.999), max_ms: q(1) };
  };
  const out = {
    mode: 'bgio',
    rooms,
    seats,
    elapsed_s: secs,
    setup_s: (windowStart - t0) / 1000,
    actions,
    actions_per_s: actions / secs,
    games,
    act_to_ack: summary(ack),
    act_to_every_seat: summary(allSeats),
    server_cpu_s: cpu,
    load_tool_cpu_s: (client.user + client.system) / 1e6,
    actions_per_server_cpu_s: cpu ? actions / cpu : null,
    load_average: load,
  };
  const text = `boardgame.io: ${rooms} rooms x ${seats} seats: ${actions} actions in ${secs.toFixed(2)} s = ${(actions / secs).toFixed(0)} actions/s, ${games} games` +
    (cpu !== null ? `; server CPU ${cpu.toFixed(2)} s, ${(actions / cpu).toFixed(0)} actions per CPU-second` : '') +
    `\nact -> ack p50 ${out.act_to_ack.p50_ms} ms, p99 ${out.act_to_ack.p99_ms} ms, max ${out.act_to_ack.max_ms} ms`;
  if (asJson) {
    console.error(text);
    console.log(JSON.stringify(out));
  } else {
    console.log(text);
  }
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
