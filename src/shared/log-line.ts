/**
 * Text for a plain log line. The runner obeys a line that starts with `::` as a workflow command, so
 * text that may carry someone else's words is kept on one line and never starts with `::`.
 */
export function logLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/^(\s*):+/, '$1')
}
