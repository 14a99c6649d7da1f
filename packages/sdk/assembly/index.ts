// @mason/sdk — AssemblyScript SDK for Massa smart contracts.
// Every function ends in a host import a real node provides (see abi-imports.json).
import * as env from './env/index';
import * as Context from './Context';
import * as Storage from './Storage';

export { env, Context, Storage };
export { Args, NoArg } from './Args';
export { Result } from './Result';
export { Serializable } from './Serializable';
export { Address } from './Address';
export { Slot } from './Slot';
export { parseAddressList } from './addressList';
export { decodeKeyList } from './keyList';
export * from './events';
export * from './calls';
export * from './bytecode';
export * from './coins';
export * from './mas';
export * from './opDatastore';
export * from './crypto';
export * from './random';
export * from './asyncMessages';
export * from './deferredCalls';
export * from './serialization/index';
