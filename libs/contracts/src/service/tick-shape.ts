/**
 * Keeps one entry of Node's nextTick queue alive for the life of the process. Every server's
 * main imports this module first, for its side effect (package export `./tick-shape`).
 *
 * Why: `process.nextTick` builds each queue entry with an object literal of computed keys,
 * and V8 remembers the one shape it saw there. When a full garbage collection finds no entry
 * alive (a server idle after start, V8 shrinking its heap), that shape is freed; the next
 * entry gets a new one and V8 marks the site megamorphic for good. Every nextTick then
 * defines its properties in V8's runtime, several times a request: a server in that state
 * spent a fifth more CPU on a static answer (docs/performance.md). One entry held keeps the
 * shape, and the site stays monomorphic.
 */
import { createHook } from 'node:async_hooks';

let held: object | undefined;

/** Holds a nextTick entry (once); says whether this Node still names them `TickObject`. */
export function holdTickObjectShape(): boolean {
  if (held !== undefined) return true;
  // The hook sees the entry as it is made; it is on for one synchronous call only.
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && held === undefined) held = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
  return held !== undefined;
}

/** The entry held, for the test that checks its shape outlives full collections. */
export const heldTickObject = (): object | undefined => held;

holdTickObjectShape();
