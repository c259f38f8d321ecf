/** `1 request`, `2 requests`, `1,234 rows`: a count with the word in the form it takes. */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : many}`
}
