/**
 * Mermaid's own parser, for the tests only (a devDependency): it needs a DOM for its sanitizer, so a
 * jsdom window is installed once before mermaid is loaded.
 */
interface MermaidApi {
  parse(text: string): Promise<{ diagramType: string }>
}

let mermaid: MermaidApi | undefined

async function load(): Promise<MermaidApi> {
  if (mermaid) return mermaid
  // Names as strings: jsdom and mermaid ship no types this project installs.
  const jsdomName = 'jsdom'
  const { JSDOM } = (await import(jsdomName)) as {
    JSDOM: new (html: string) => { window: Window & typeof globalThis }
  }
  const { window } = new JSDOM('<!doctype html><html><body></body></html>')
  Object.assign(globalThis, { window, document: window.document })
  const mermaidName = 'mermaid'
  mermaid = ((await import(mermaidName)) as { default: MermaidApi }).default
  return mermaid
}

/** The diagram type of a chart's source; throws the parser's error when it does not parse. */
export async function parseChart(source: string): Promise<string> {
  return (await (await load()).parse(source)).diagramType
}

/** The sources of the ```mermaid blocks in a Markdown text. */
export function chartsIn(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map(match => match[1])
}
