import { MasonError, formatTemplate, type TemplateContext } from '@mason/codec';

/** Options of startDevnet (and `mason node`'s flags) that no node could run with, and in-process requests it cannot take. */
export const devnetOptionErrors = {
  MASON_DEVNET_INVALID_OPTION: '{option} must be {expected}, got {value}',
  MASON_DEVNET_INVALID_ORIGIN: '"{text}" is not an origin: expected scheme://host[:port], e.g. http://localhost:5173',
  MASON_DEVNET_STOPPED: 'the devnet has stopped: its {server} API answers no more requests; start a new one with startDevnet()',
} as const;

export type DevnetOptionErrorCode = keyof typeof devnetOptionErrors;

export class DevnetOptionError<C extends DevnetOptionErrorCode = DevnetOptionErrorCode> extends MasonError<C, TemplateContext<(typeof devnetOptionErrors)[C]>> {
  override readonly name = 'DevnetOptionError';

  constructor(code: C, context: TemplateContext<(typeof devnetOptionErrors)[C]>) {
    super(code, formatTemplate(devnetOptionErrors[code], context), { context, docsPage: 'devnet.md' });
  }
}
