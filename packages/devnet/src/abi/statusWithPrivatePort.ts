import type { MethodTable } from '../rpc/jsonRpcServer.js';

/**
 * Adds `private_port` to the `mason` extension of the table's `get_status`, once the private
 * server listens: how `mason deploy`, which knows the public URL, finds where to register ABIs.
 */
export function withPrivatePort(table: MethodTable, privatePort: () => number | undefined): void {
  const status = table.get_status;
  if (status === undefined) return;
  table.get_status = async (params) => {
    const answer = (await status(params)) as { mason?: object };
    const port = privatePort();
    return port === undefined || answer.mason === undefined ? answer : { ...answer, mason: { ...answer.mason, private_port: port } };
  };
}
