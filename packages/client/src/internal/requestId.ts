let nextId = 1;

/** The id of the client's next JSON-RPC request, unique in this process whatever the transport. */
export const nextRequestId = (): number => nextId++;
