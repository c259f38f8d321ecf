/**
 * Markdown rendered as GitHub renders it, in a real browser: GFM by `marked`, each ```mermaid block
 * by Mermaid 11 (the major GitHub uses), in Debian's Chromium driven by playwright-core. Then what a
 * reader would see wrong: a diagram that does not render, a chart of one category, a series that
 * draws nothing (a zero-size path or no bar with a size), two axis labels that overlap.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { marked } from 'marked'
import { chromium, type Browser, type Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const MERMAID = require.resolve('mermaid11/dist/mermaid.min.js')

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Without the networking flags Chromium keeps dialling out (and is refused) on a closed machine. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic'
]

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`
    )
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS })
}

/** One problem a reader would see, with the chart it is in (its title, or its first line). */
export interface RenderProblem {
  chart: string
  problem: string
}

export interface Rendered {
  /** Diagrams that rendered to an SVG. */
  diagrams: number
  problems: RenderProblem[]
}

/** The page as GitHub lays out a comment: GFM, the article about 880 pixels wide. */
export async function openPage(browser: Browser, markdown: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1012, height: 900 } })
  const body = await marked.parse(markdown, { gfm: true })
  await page.setContent(
    `<!doctype html><html><body><article style="width:880px">${body}</article></body></html>`
  )
  await page.addScriptTag({ path: MERMAID })
  return page
}

/** Renders each Mermaid block of `markdown` in place and reports what would look wrong. */
export async function renderMarkdown(browser: Browser, markdown: string): Promise<Rendered> {
  const page = await openPage(browser, markdown)
  try {
    return await page.evaluate(inPage)
  } finally {
    await page.close()
  }
}

/** Runs in the page (no closure over Node's scope). */
async function inPage(): Promise<Rendered> {
  type MermaidGlobal = {
    initialize(config: Record<string, unknown>): void
    render(id: string, text: string): Promise<{ svg: string }>
  }
  const mermaid = (window as unknown as { mermaid: MermaidGlobal }).mermaid
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' })
  const problems: RenderProblem[] = []
  let diagrams = 0
  const blocks = [...document.querySelectorAll('pre > code.language-mermaid')]
  for (const [index, code] of blocks.entries()) {
    const source = code.textContent ?? ''
    const chart = /title "([^"]*)"/.exec(source)?.[1] ?? source.split('\n')[0] ?? ''
    const report = (problem: string): void => {
      problems.push({ chart, problem })
    }
    const holder = document.createElement('div')
    code.parentElement!.replaceWith(holder)
    try {
      holder.innerHTML = (await mermaid.render(`chart-${index}`, source)).svg
    } catch (error) {
      report(`does not render: ${String((error as Error).message ?? error).split('\n')[0]}`)
      continue
    }
    const svg = holder.querySelector('svg')
    if (!svg || svg.querySelector('.error-icon')) {
      report('does not render: Mermaid drew its error picture')
      continue
    }
    diagrams++
    const categories = /x-axis \[(.*)\]/.exec(source)
    if (categories && JSON.parse(`[${categories[1]}]`).length < 2) report('a single category')
    if (/^\s*pie\b/.test(source) && (source.match(/^\s*".*"\s*:/gm) ?? []).length < 2) {
      report('a single category')
    }
    for (const group of svg.querySelectorAll('g[class^="line-plot-"], g[class^="bar-plot-"]')) {
      const shapes = [...group.querySelectorAll(':scope > path, :scope > rect')]
      const drawn = shapes.some(shape => {
        const box = (shape as SVGGraphicsElement).getBBox()
        return group.getAttribute('class')!.startsWith('line')
          ? box.width > 0 || box.height > 0
          : box.width > 0 && box.height > 0
      })
      if (!drawn) report(`the series ${group.getAttribute('class')} draws nothing`)
    }
    for (const axis of svg.querySelectorAll('g.bottom-axis, g.left-axis, g.top-axis')) {
      const boxes = [...axis.querySelectorAll('g.label text')].map(text => ({
        text: text.textContent ?? '',
        box: text.getBoundingClientRect()
      }))
      for (let i = 1; i < boxes.length; i++) {
        const [a, b] = [boxes[i - 1]!, boxes[i]!]
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        if (width > 0.5 && height > 0.5) report(`axis labels overlap: "${a.text}" and "${b.text}"`)
      }
    }
  }
  return { diagrams, problems }
}
