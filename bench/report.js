// Reads one scripts/bench.sh run's JSON files and prints docs/performance.md's
// "Bench suite" tables (median over the repetitions, and the spread: lowest
// to highest); writes results.json beside them.
//
//   node bench/report.js target/bench/<date> <repeat> <duration> <capacity rooms> <warmup> <capacity warmup>
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const [dir, repeatArg, durationArg, capacityArg, warmupArg, capWarmupArg, patchesArg] = process.argv.slice(2);
const repeat = Number(repeatArg);
const capacities = capacityArg.split(',').map(Number);
const read = (name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));

const reps = [];
for (let r = 1; r <= repeat; r++) {
  const c25 = read(`${r}-cubicle-25.json`);
  const c100 = read(`${r}-cubicle-100.json`);
  const echo = read(`${r}-echo.json`);
  const b25 = read(`${r}-bgio-25.json`);
  const b100 = read(`${r}-bgio-100.json`);
  const sqlite = read(`${r}-sqlite.json`);
  const cap = Object.fromEntries(capacities.map((n) => [n, read(`${r}-capacity-${n}.json`)]));
  reps.push({
    c25, c100, echo, b25, b100, sqlite, cap,
    frameRatio: c100.server_cpu_us_per_update_frame / echo.server_cpu_us_per_message,
    bgioRatio25: c25.actions_per_server_cpu_s / b25.actions_per_server_cpu_s,
    bgioRatio100: c100.actions_per_server_cpu_s / b100.actions_per_server_cpu_s,
    storeRatio: c100.actions_per_s / sqlite.rows_per_s,
    loads: [c25, c100, echo, b25, b100, sqlite, ...Object.values(cap)].map((j) => j.load_average),
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, digits) =>
  x >= 100 && digits === undefined
    ? Math.round(x).toLocaleString('en-US')
    : x.toFixed(digits === undefined ? (x >= 10 ? 1 : 2) : digits);
/** "median (lowest–highest)" of `get` over the repetitions. */
const stat = (get, digits, unit = '') => {
  const xs = reps.map(get);
  if (xs.length === 1) return `${fmt(xs[0], digits)}${unit}`;
  return `${fmt(median(xs), digits)}${unit} (${fmt(Math.min(...xs), digits)}–${fmt(Math.max(...xs), digits)})`;
};
const lat = (get) => ['p50_ms', 'p99_ms', 'p999_ms', 'max_ms'].map((k) => stat((r) => get(r)[k], 1)).join(' / ');

const cpu = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/);
const allLoads = reps.flatMap((r) => r.loads);
const lines = [];
const p = (s = '') => lines.push(s);
p(`Run: \`scripts/bench.sh --repeat ${repeat} --duration ${durationArg} --warmup ${warmupArg} --capacity-rooms ${capacityArg} --capacity-warmup ${capWarmupArg}${patchesArg ? '' : ' --whole-views'}\`, ` +
  `${new Date().toISOString().slice(0, 10)}; ${os.cpus().length} cores (${cpu ? cpu[1] : 'unknown CPU'}); ` +
  `load average ${fmt(Math.min(...allLoads), 1)} to ${fmt(Math.max(...allLoads), 1)} during the runs ` +
  `(median ${fmt(median(allLoads), 1)}). Median of ${repeat} interleaved repetitions, lowest–highest in brackets.`);
p();
p('| ratio | Cubicle | peer | ratio | target |');
p('|---|---|---|---|---|');
p(`| server CPU per delivered update frame / echo server's CPU per message (same size, same rate) | ` +
  `${stat((r) => r.c100.server_cpu_us_per_update_frame, 1, ' µs')} | ${stat((r) => r.echo.server_cpu_us_per_message, 1, ' µs')} | ` +
  `${stat((r) => r.frameRatio, 2, '×')} | ≤ 2× |`);
p(`| Osaki actions per server CPU-second / boardgame.io's, 25 rooms × 4 | ` +
  `${stat((r) => r.c25.actions_per_server_cpu_s)} | ${stat((r) => r.b25.actions_per_server_cpu_s)} | ${stat((r) => r.bgioRatio25, 1, '×')} | ≥ 8× |`);
p(`| Osaki actions per server CPU-second / boardgame.io's, 100 rooms × 4 | ` +
  `${stat((r) => r.c100.actions_per_server_cpu_s)} | ${stat((r) => r.b100.actions_per_server_cpu_s)} | ${stat((r) => r.bgioRatio100, 1, '×')} | ≥ 8× |`);
p(`| durable actions/s at 100 rooms / one-row-per-transaction SQLite rows/s | ` +
  `${stat((r) => r.c100.actions_per_s)} | ${stat((r) => r.sqlite.rows_per_s)} | ${stat((r) => r.storeRatio, 2, '×')} | ≥ 3× |`);
p();
p('| run | actions/s | act → ack p50 / p99 / p99.9 / max (ms) | act → every seat p50 / p99 / p99.9 / max (ms) | server CPU (% of a core) |');
p('|---|---|---|---|---|');
const row = (name, get) =>
  p(`| ${name} | ${stat((r) => get(r).actions_per_s)} | ${lat((r) => get(r).act_to_ack)} | ${lat((r) => get(r).act_to_every_seat)} | ` +
    `${stat((r) => (get(r).server_cpu_s / get(r).elapsed_s) * 100, 0)} |`);
row('Cubicle, 25 rooms × 4, closed loop', (r) => r.c25);
row('Cubicle, 100 rooms × 4, closed loop', (r) => r.c100);
row('boardgame.io, 25 rooms × 4, closed loop', (r) => r.b25);
row('boardgame.io, 100 rooms × 4, closed loop', (r) => r.b100);
for (const n of capacities) {
  row(`Cubicle, ${n.toLocaleString('en-US')} rooms × 4, 1 action per player per 2 s (${(2 * n).toLocaleString('en-US')}/s offered, open loop)`, (r) => r.cap[n]);
}
p();
const meets = capacities.filter((n) => median(reps.map((r) => r.cap[n].act_to_ack.p99_ms)) <= 10);
p(`Capacity (four-player rooms at 1 action per player per 2 s with p99 act → ack ≤ 10 ms, target ≥ 1,500): ` +
  (meets.length
    ? `${Math.max(...meets).toLocaleString('en-US')} of the room counts tried (${capacityArg}) by the median p99.`
    : `none of the room counts tried (${capacityArg}): p99 ${stat((r) => r.cap[capacities[0]].act_to_ack.p99_ms, 1, ' ms')} at ${capacities[0]}.`));
p(`Echo: ${stat((r) => r.echo.bytes, 0, ' B')} messages (Cubicle's average update frame at 100 rooms) at ` +
  `${stat((r) => r.echo.messages_per_s, 0)}/s over 400 connections.`);

const text = lines.join('\n');
console.log(text);
fs.writeFileSync(
  path.join(dir, 'results.json'),
  JSON.stringify({ repeat, duration: Number(durationArg), capacity_rooms: capacities, markdown: text, runs: reps }, null, 1),
);
