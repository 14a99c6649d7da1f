import type { Address } from '@mason/codec';

/** An address as text ("AU…"/"AS…") or a codec Address. */
export type AddressLike = string | Address;
