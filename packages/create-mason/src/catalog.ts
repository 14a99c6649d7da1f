/** The workspace catalog (pnpm-workspace.yaml), which generated projects pin too; a test keeps them equal. */
export const CATALOG: Record<string, string> = {
  assemblyscript: '0.27.37',
};

export const MASON_VERSION = '0.1.0';
