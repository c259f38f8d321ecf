/**
 * Reports as the analytics run makes them: a dataset's title and row name from its facts, and its
 * sections, for the tests that render one without a run.
 */
import { datasetFacts, type Dataset } from '../../src/analytics/dataset-list.js'
import type { Block } from '../../src/analytics/report/layout.js'
import type { ExportReport } from '../../src/analytics/report/render.js'
import {
  trafficBlocks,
  type TrafficKind,
  type TrafficSummary
} from '../../src/analytics/report/traffic-sections.js'

export type ReportFields = Omit<ExportReport, 'title' | 'rowName' | 'sections'>

export function reportOf(dataset: Dataset, fields: ReportFields, sections: Block[]): ExportReport {
  const { title, rowName } = datasetFacts(dataset)
  return { ...fields, title, rowName, sections }
}

/** A views (or visitors) report of these totals, top pages and comparison. */
export function trafficReport(
  { totals, top, comparison, ...fields }: ReportFields & TrafficSummary,
  what: TrafficKind = 'views'
): ExportReport {
  const sections = trafficBlocks(
    { totals, top, comparison },
    { what, chart: fields.chart ?? false }
  )
  return reportOf(what, { ...fields, previous: comparison?.previous }, sections)
}
