// The as-pect config `mason test` uses when a project has none: specs in assembly/__tests__, hosted
// by Mason's VM. To customise it, copy it to your project as as-pect.config.js.
import { masonHost } from '@mason/testing';

export default {
  entries: ['assembly/__tests__/**/*.spec.ts'],
  include: ['assembly/__tests__/**/*.include.ts'],
  disclude: [/node_modules/],
  instantiate: masonHost({ resetBetweenTests: false }),
  outputBinary: false,
};
