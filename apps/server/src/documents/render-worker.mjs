// Entry of a render worker thread. Workers do not inherit the tsx loader of the process that starts them
// (Node 20 runs a worker's entry before its --import hooks apply to it), so this plain module registers
// tsx in the worker and then loads the TypeScript worker. Works under `tsx`, `node --import tsx` and
// vitest alike.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
