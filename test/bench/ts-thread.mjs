// A worker thread's entry that can load TypeScript: tsx's loader is registered in this thread first.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
