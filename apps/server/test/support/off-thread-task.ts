// A task for the off-thread runner's tests (off-thread-warm.test.ts): counts its runs in this module, so a
// second run on the same worker shows the module was loaded once.
import { threadId } from 'node:worker_threads';

let runs = 0;

export default async function countingTask(input: { mode: 'count' | 'throw' | 'hang' }) {
  runs++;
  if (input.mode === 'throw') {
    const error = new Error('falló a propósito');
    error.name = 'Boom';
    throw error;
  }
  if (input.mode === 'hang') await new Promise(() => {});
  return { threadId, runs };
}
