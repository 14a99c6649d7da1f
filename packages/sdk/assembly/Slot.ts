/** A slot: `period` (every t0 = 16 s) and `thread` (0..31). */
export class Slot {
  constructor(
    public period: u64 = 0,
    public thread: u8 = 0,
  ) {}
}
