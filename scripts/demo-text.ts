/** How the demo prints: a bold heading a story, and every printed body indented under it. */
export const rule = (title: string): void => console.log(`\n\x1b[1m=== ${title} ===\x1b[0m\n`)

export const indent = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map(line => `    ${line}`)
    .join('\n')
