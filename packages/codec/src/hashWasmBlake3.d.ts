// hash-wasm's single-algorithm UMD build (see hash.ts): the package types only its index.
declare module 'hash-wasm/dist/blake3.umd.min.js' {
  const blake3Build: { createBLAKE3: typeof import('hash-wasm').createBLAKE3 };
  export default blake3Build;
}
