// Entry of an off-thread task (started by run.ts). Workers do not inherit the tsx loader of the process
// that starts them (see documents/render-worker.mjs), so this plain module registers tsx, loads the
// task's TypeScript module named in workerData and runs its default export once.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
// The starting thread's clock, if it was moved (the tests' clock, vitest.clock.ts): "today" is the same here.
if (Math.abs(workerData.clockOffsetMs) > 1000) {
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + workerData.clockOffsetMs;
  globalThis.Date = new Proxy(RealDate, {
    construct: (date, args, newTarget) =>
      Reflect.construct(date, args.length > 0 ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (date, property, receiver) => (property === 'now' ? now : Reflect.get(date, property, receiver)),
  });
}
const port = parentPort;
const pending = new Map();
let nextQuestion = 1;
/** Asks the starting thread something only it can answer (a database lookup): see run.ts's `answer`. */
const ask = (question) =>
  new Promise((resolve, reject) => {
    const id = nextQuestion++;
    pending.set(id, { resolve, reject });
    port.postMessage({ type: 'ask', id, question });
  });
port.on('message', (message) => {
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  if (message.type === 'answer') waiting.resolve(message.value);
  else waiting.reject(new Error(message.message));
});
try {
  const task = await import(workerData.module);
  const value = await task.default(workerData.input, ask);
  port.postMessage({ type: 'done', value });
} catch (error) {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  port.postMessage({ type: 'failed', name, message });
}
