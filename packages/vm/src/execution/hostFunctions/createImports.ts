import type { InstanceEnv } from '../InstanceEnv.js';
import { asyncMessageFunctions } from './asyncMessages.js';
import { bytecodeFunctions } from './bytecode.js';
import { callContextFunctions } from './callContext.js';
import { callFunctions } from './calls.js';
import { coinFunctions } from './coins.js';
import { cryptoFunctions } from './crypto.js';
import { deferredCallFunctions } from './deferredCalls.js';
import { eventFunctions } from './events.js';
import type { HostFunctions } from './hostFunction.js';
import { operationDatastoreFunctions } from './operationDatastore.js';
import { runtimeFunctions } from './runtime.js';
import { storageFunctions } from './storage.js';

/** The import namespaces a node provides. */
export type HostImports = {
  env: HostFunctions;
  massa: HostFunctions;
};

/** The `env` and `massa` import namespaces of one instance. */
export function createImports(env: InstanceEnv): HostImports {
  return {
    env: runtimeFunctions(env),
    massa: {
      ...storageFunctions(env),
      ...operationDatastoreFunctions(env),
      ...eventFunctions(env),
      ...callContextFunctions(env),
      ...coinFunctions(env),
      ...cryptoFunctions(env),
      ...bytecodeFunctions(env),
      ...callFunctions(env),
      ...asyncMessageFunctions(env),
      ...deferredCallFunctions(env),
    },
  };
}
