/** The host namespace of the gas report's instrumented contracts (see instrumentContract, GasRecorder.imports). */
export const GAS_IMPORT_MODULE = 'mason_gas';
