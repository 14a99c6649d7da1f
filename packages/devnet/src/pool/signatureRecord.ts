/** Bytes of one record a signature worker checks: raw public key (32) ‖ operation hash (32) ‖ signature (64). */
export const SIGNATURE_RECORD_BYTES = 128;
