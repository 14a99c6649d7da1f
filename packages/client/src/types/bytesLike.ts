/** Raw bytes, or anything with `serialize()` such as the codec's Args. */
export type BytesLike = Uint8Array | { serialize(): Uint8Array };

export function toBytes(value: BytesLike | undefined): Uint8Array {
  if (value === undefined) return new Uint8Array();
  return value instanceof Uint8Array ? value : value.serialize();
}
