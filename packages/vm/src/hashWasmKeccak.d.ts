// hash-wasm's single-algorithm UMD build (see fastHashes.ts): the package types only its index.
declare module 'hash-wasm/dist/keccak.umd.min.js' {
  const keccakBuild: { createKeccak: typeof import('hash-wasm').createKeccak };
  export default keccakBuild;
}
