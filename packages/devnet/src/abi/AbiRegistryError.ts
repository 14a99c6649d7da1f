import { defineErrors, type CodedError } from '@mason/codec';

/** `mason_register_abi` refused: the address or the ABI. */
export const abiRegistryErrors = {
  MASON_DEVNET_ABI_ADDRESS: 'mason_register_abi: {address} {reason}. Register the ABI of a deployed contract: the AS… address `mason deploy` printed.',
  MASON_DEVNET_ABI_INVALID:
    'mason_register_abi: the ABI for {address} is not a Mason ABI: {reason}. Pass the content of build/<name>.abi.json as it is (a JSON object, not a string).',
} as const;

export type AbiRegistryErrorCode = keyof typeof abiRegistryErrors;

const defined = defineErrors(abiRegistryErrors, 'devnet.md', { name: 'AbiRegistryError' });

/** An ABI registration refused, saying what is wrong with the address or the ABI. */
export const AbiRegistryError = defined.Error;
export type AbiRegistryError<C extends AbiRegistryErrorCode = AbiRegistryErrorCode> = CodedError<typeof abiRegistryErrors, C>;

/** True for an AbiRegistryError (with `code` when given), also one made by another copy of @mason/devnet. */
export const isAbiRegistryError = defined.is;
