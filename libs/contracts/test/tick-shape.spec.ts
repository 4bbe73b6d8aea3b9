// The nextTick entry every server holds (tick-shape.ts): checked in a child process with V8's
// natives syntax, since only V8 can say whether two objects share one shape.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { holdTickObjectShape } from '../src/service/tick-shape.js';

const module = fileURLToPath(new URL('../src/service/tick-shape.js', import.meta.url));

// Holds an entry, lets full collections run while the queue is empty (what V8 does to an idle
// server), then compares a new entry's shape with the held one's.
const child = `
  const { createHook } = require('node:async_hooks');
  const { initHooksExist } = require('internal/async_hooks');
  import(${JSON.stringify(module)}).then(async ({ heldTickObject }) => {
    const held = heldTickObject();
    const hooksLeft = initHooksExist();
    await new Promise((done) => setTimeout(done, 20));
    for (let i = 0; i < 3; i++) { gc(); await new Promise((done) => setTimeout(done, 5)); }
    let fresh;
    const hook = createHook({ init(id, type, trigger, resource) { if (type === 'TickObject') fresh ??= resource; } }).enable();
    process.nextTick(() => undefined);
    hook.disable();
    console.log(JSON.stringify({ held: held !== undefined, hooksLeft, fresh: fresh !== undefined, sameShape: %HaveSameMap(held, fresh) }));
  });
`;

describe('the nextTick shape held by every server', () => {
  it('holds an entry of the queue, once', () => {
    assert.equal(holdTickObjectShape(), true, 'this Node still names its queue entries TickObject');
    assert.equal(holdTickObjectShape(), true);
  });

  it('leaves no hook on, and keeps the entries’ shape through full collections of an idle process', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--allow-natives-syntax', '--expose-internals', '-e', child], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout.trim()), { held: true, hooksLeft: false, fresh: true, sameShape: true });
  });
});
