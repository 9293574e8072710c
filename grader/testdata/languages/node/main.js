// A correct student compiler in JavaScript, on Node: V8's JIT and garbage collector threads, a worker
// thread for its front end, its own file read from beside it, and a child process, the native core
// that computes the language (core/uirc-core).
'use strict';
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

if (!isMainThread) {
  // The front end: the program's lines tokenised, on a thread of their own.
  const text = fs.readFileSync(workerData, 'utf8');
  parentPort.postMessage(text.split('\n').reduce((n, line) => n + line.split(/\s+/).filter(Boolean).length, 0));
  return;
}

/** The value of `key=value` in the student's own configuration file. */
function setting(file, key) {
  for (const line of fs.readFileSync(file, 'utf8').split('\n'))
    if (line.startsWith(key + '=')) return line.slice(key.length + 1).trim();
  throw new Error(`${file} has no ${key}`);
}

const [command, program] = process.argv.slice(2);
if (command === 'hog') {
  // `hog`, which no grader sends: memory held without end, for the memory-limit test.
  const held = [];
  for (;;) held.push(Buffer.alloc(1 << 20, 1));
}
if (process.argv.length !== 4 || (command !== 'run' && command !== 'render')) {
  process.stderr.write('usage: student-uirc run|render PROG.uir\n');
  process.exit(2);
}
const core = path.join(__dirname, setting(path.join(__dirname, 'uirc.conf'), 'core'));
const frontEnd = new Worker(__filename, { workerData: program });
frontEnd.on('message', (tokens) => {
  if (tokens < 0) process.exit(3);
  const child = spawnSync(core, [command, program], {
    stdio: ['inherit', command === 'run' ? 'inherit' : 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
  if (child.error) {
    process.stderr.write(`the core does not start: ${child.error.message}\n`);
    process.exit(3);
  }
  if (command === 'render') fs.writeSync(1, child.stdout);
  process.exit(child.status === null ? 3 : child.status);
});
