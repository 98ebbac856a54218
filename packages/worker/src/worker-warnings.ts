/**
 * Process warnings raised in a batch's worker threads (a contract module that warns as it
 * loads, a library noticing something in model text) reach the calling thread and are
 * emitted there, so one policy decides for every thread: the process's own. Left in the
 * worker, a warning went to the terminal or not depending on whether that thread had written
 * to stderr before (Node prints a thread's warnings through its stderr stream), and a
 * listener on the calling thread never saw it: `airlock batch`, which keeps warnings off the
 * terminal, let some through; a library user listening for warnings missed them.
 */
import { BroadcastChannel } from 'node:worker_threads';

/** The channel the threads of one process share. */
const CHANNEL = 'airlock:worker-thread-warnings';

/** What crosses the channel: the parts of a warning `process.emitWarning` takes back. */
interface WireWarning {
  name: string;
  message: string;
  code?: string;
  detail?: string;
}

/** A warning as `process.emitWarning` was given it: `(warning, type?, code?)` or `(warning, options?)`. */
function wireOf(warning: unknown, rest: readonly unknown[]): WireWarning {
  if (warning instanceof Error) {
    const wire: WireWarning = { name: warning.name, message: warning.message };
    const code = (warning as { code?: unknown }).code;
    if (typeof code === 'string') wire.code = code;
    return wire;
  }
  const [second, third] = rest;
  const options = typeof second === 'object' && second !== null ? (second as { type?: unknown; code?: unknown; detail?: unknown }) : { type: second, code: third };
  const wire: WireWarning = { name: typeof options.type === 'string' ? options.type : 'Warning', message: String(warning) };
  if (typeof options.code === 'string') wire.code = options.code;
  if (typeof options.detail === 'string') wire.detail = options.detail;
  return wire;
}

/**
 * In a worker thread: posts every warning to the calling thread instead of handling it here.
 * `process.emitWarning` is replaced, not only listened to: it raises its event on a later tick,
 * and a pool's thread busy with chunks may not reach that tick before it is ended.
 *
 * @example
 * forwardWarningsToCallingThread(); // at the top of the worker module
 */
export function forwardWarningsToCallingThread(): void {
  const channel = new BroadcastChannel(CHANNEL);
  // The channel must not keep a thread alive that has nothing else to do.
  channel.unref();
  // Other threads' warnings reach this channel too: read and dropped, never queued.
  channel.onmessage = () => {};
  process.emitWarning = ((warning: unknown, ...rest: unknown[]) => channel.postMessage(wireOf(warning, rest))) as typeof process.emitWarning;
  // Warnings Node raises itself still come as events: forwarded too, not printed here.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => channel.postMessage(wireOf(warning, [])));
}

let relay: { channel: BroadcastChannel; users: number } | undefined;

/**
 * On the calling thread, while a pool is open: emits the warnings its threads forward on this
 * thread's process (the process's listeners and flags apply). Returns the release function;
 * the channel closes when the last open pool releases it.
 *
 * @example
 * const release = relayWorkerWarnings();
 * try { … } finally { release(); }
 */
export function relayWorkerWarnings(): () => void {
  if (relay === undefined) {
    const channel = new BroadcastChannel(CHANNEL);
    channel.unref();
    channel.onmessage = (event) => {
      const w = (event as { data: WireWarning }).data;
      process.emitWarning(w.message, { type: w.name, ...(w.code === undefined ? {} : { code: w.code }), ...(w.detail === undefined ? {} : { detail: w.detail }) });
    };
    relay = { channel, users: 0 };
  }
  const current = relay;
  current.users++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--current.users > 0) return;
    current.channel.close();
    if (relay === current) relay = undefined;
  };
}
