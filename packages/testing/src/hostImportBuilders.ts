import type { HostImportBuilders } from './TestHost.js';
import { testingImports } from './testingImports.js';
import { vmMockImports } from './vmMockImports.js';
import { vmMockLeniencies } from './vmMockLeniencies.js';

/** The helper imports a spec's host is given: Mason's testing helpers, and vm-mock's for a vm-mock spec. */
export const HOST_IMPORT_BUILDERS: HostImportBuilders = { testing: testingImports, vmMock: vmMockImports, vmMockLeniencies };
