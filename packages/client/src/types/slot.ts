/** A block slot: `period` since genesis and `thread` (0…thread_count-1). */
export type Slot = { period: number; thread: number };
