// Entry of an off-thread worker (started by run.ts). Workers do not inherit the tsx loader of the process
// that starts them (see documents/render-worker.mjs), so this plain module registers tsx once, then runs
// one task after another as run.ts sends them: each loads its TypeScript module (imported once per worker,
// then cached: the cost this worker's reuse saves) and runs its default export.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

// The starting thread's clock, if it was moved (the tests' clock, vitest.clock.ts): "today" is the same
// here. Sent with every task (the tests may move it between two), so the Date below reads it each time.
let clockOffsetMs = 0;
let clockMoved = false;
function followClock(offsetMs) {
  clockOffsetMs = Math.abs(offsetMs) > 1000 ? offsetMs : 0;
  if (clockMoved || clockOffsetMs === 0) return;
  clockMoved = true;
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + clockOffsetMs;
  globalThis.Date = new Proxy(RealDate, {
    construct: (date, args, newTarget) =>
      Reflect.construct(date, args.length > 0 ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (date, property, receiver) => (property === 'now' ? now : Reflect.get(date, property, receiver)),
  });
}

const port = parentPort;
/** The current task's questions awaiting their answer (run.ts answers only the task it is running). */
let pending = new Map();
let nextQuestion = 1;

/** Asks the starting thread something only it can answer (a database lookup): see run.ts's `answer`. */
const askFor = (task) => (question) =>
  new Promise((resolve, reject) => {
    const id = nextQuestion++;
    pending.set(id, { task, resolve, reject });
    port.postMessage({ type: 'ask', task, id, question });
  });

async function run({ task, module, input, clockOffsetMs: offset }) {
  followClock(offset);
  try {
    const loaded = await import(module);
    const value = await loaded.default(input, askFor(task));
    port.postMessage({ type: 'done', task, value });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ type: 'failed', task, name, message });
  } finally {
    // A question the task left unanswered (it failed meanwhile) must not reach the next task.
    pending = new Map();
  }
}

port.on('message', (message) => {
  if (message.type === 'run') {
    void run(message);
    return;
  }
  const waiting = pending.get(message.id);
  if (!waiting || waiting.task !== message.task) return;
  pending.delete(message.id);
  if (message.type === 'answer') waiting.resolve(message.value);
  else waiting.reject(new Error(message.message));
});
