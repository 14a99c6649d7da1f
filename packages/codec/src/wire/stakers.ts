/** `[address, active_rolls]` (the node serializes stakers as tuples, §18). */
export type Staker = [string, number];

export type PageRequest = { limit: number; offset: number };

/** `get_largest_stakers` result. */
export type PagedStakers = { content: Staker[]; total_count: number };
