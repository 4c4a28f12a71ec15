// What the event loop answered while a task ran on a worker thread (src/off-thread/run.ts), for the tests
// of the certificate and workbook threads: no timing, only whether answers came back while the task was
// running.
import { offThreadChannel } from '../../src/off-thread/run.ts';

/**
 * Runs `work` while asking `ask` one request after another, and counts the answers that came back while
 * an off-thread task (run.ts's diagnostics channel) was running: a task on the event loop allows none.
 */
export async function answersDuringOffThreadWork<T>(
  work: Promise<T>,
  ask: () => Promise<unknown>,
): Promise<{ result: T; answersDuring: number; tasks: string[] }> {
  let running = 0;
  let answersDuring = 0;
  const tasks: string[] = [];
  const listener = (message: unknown) => {
    const { task, phase } = message as { task: string; phase: string };
    if (phase === 'start') {
      running++;
      tasks.push(task);
    } else running--;
  };
  offThreadChannel.subscribe(listener);
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  try {
    while (!done) {
      await ask();
      if (running > 0) answersDuring++;
    }
    return { result: await finished, answersDuring, tasks };
  } finally {
    offThreadChannel.unsubscribe(listener);
  }
}
