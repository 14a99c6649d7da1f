import { Worker } from 'node:worker_threads';
import type { Devnet, DevnetOptions } from '../src/index.js';

export interface RemoteDevnet {
  urls: Devnet['urls'];
  stop(): Promise<void>;
}

/**
 * Starts a devnet on a worker thread (test/fixtures/remoteDevnet.mjs): the remote of a fork in
 * this process, which must answer while the fork's thread waits for it.
 */
export async function startRemoteDevnet(options: Pick<DevnetOptions, 'instant' | 'execution'> = {}): Promise<RemoteDevnet> {
  const worker = new Worker(new URL('./fixtures/remoteDevnet.mjs', import.meta.url), { workerData: options });
  const urls = await new Promise<Devnet['urls']>((resolve, reject) => {
    worker.once('message', (message: { urls: Devnet['urls'] }) => resolve(message.urls));
    worker.once('error', reject);
  });
  let stopped: Promise<void> | null = null;
  return {
    urls,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        worker.once('message', () => void worker.terminate().then(() => resolve()));
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
