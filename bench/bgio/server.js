// boardgame.io's server playing Osaki (osaki.js): the bench suite's peer.
//
//   node server.js --port 18812 [--storage flatfile|memory] [--dir DIR]
//
// Storage: boardgame.io's FlatFile (node-persist: one JSON file per key,
// rewritten whole on every change: the match's state, and its whole log
// again), its only durable store in the box. node-persist's default write
// queue answers a write up to a second later (it writes each file's last
// value once a second), which would make every move wait for that tick:
// here each write goes to its file before the move's update is sent
// (writeQueue: false). Still no fsync: it survives a crash of the process,
// not of the machine (Cubicle's SQLite store commits with
// synchronous=FULL). `memory` is boardgame.io's default InMemory store.
'use strict';

const { Server, FlatFile } = require('boardgame.io/server');
const { Osaki } = require('./osaki');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const port = Number(arg('port', '18812'));
const storage = arg('storage', 'flatfile');
const dir = arg('dir', './bgio-db');

class FlatFileWriteThrough extends FlatFile {
  async connect() {
    await this.games.init({ dir: this.dir, logging: false, writeQueue: false });
  }
}

const db = storage === 'flatfile' ? new FlatFileWriteThrough({ dir }) : undefined;
const server = Server({ games: [Osaki], ...(db ? { db } : {}), origins: ['*'] });
server.run({ port, callback: () => console.error(`boardgame.io on ${port}, storage ${storage}`) });
