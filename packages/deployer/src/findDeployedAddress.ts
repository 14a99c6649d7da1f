import type { SCOutputEvent } from '@mason/client';

const PREFIX = 'Contract deployed at address: ';

/**
 * The address the deployer announced: the `Contract deployed at address: AS…` event whose call
 * stack is the deployer's frame alone (the operation's sender). A constructor runs one frame
 * deeper, so it cannot forge this event.
 */
export function findDeployedAddress(events: SCOutputEvent[], sender: string): string | null {
  for (const event of events) {
    const stack = event.context.call_stack;
    if (event.context.is_error || stack.length !== 1 || stack[0] !== sender) continue;
    if (event.data.startsWith(PREFIX)) return event.data.slice(PREFIX.length).trim();
  }
  return null;
}
