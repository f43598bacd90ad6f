/** Writes one line for people on stderr; stdout belongs to the protocol in stdio mode. */
export const log = (message: string): void => {
  process.stderr.write(`inspire-mcp: ${message}\n`)
}
