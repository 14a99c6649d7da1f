/** Runs execute_read_only_bytecode / execute_read_only_call requests (given as the node's JSON). */
export interface ReadOnlyExecutor {
  bytecode(request: unknown): Promise<Record<string, unknown>>;
  call(request: unknown): Promise<Record<string, unknown>>;
}
