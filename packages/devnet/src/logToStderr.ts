/** The devnet's default log: stderr, each line prefixed with "mason devnet: ". */
export const logToStderr = (message: string): void => void process.stderr.write(`mason devnet: ${message}\n`);
