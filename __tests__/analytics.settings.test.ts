import { describe, expect, it } from '@jest/globals'
import { parseDate } from '../src/shared/dates.js'
import { parseAnalyticsSettings } from '../src/analytics/settings.js'
import { InputError } from '../src/shared/inputs.js'

const TODAY = new Date('2024-03-10T15:30:00Z')
const REQUIRED = { 'api-key': 'mint_abc123', 'project-id': 'proj_1' }

function parse(
  inputs: Record<string, string>,
  today = TODAY
): ReturnType<typeof parseAnalyticsSettings> {
  return parseAnalyticsSettings(name => inputs[name] ?? '', today)
}

function errorOf(inputs: Record<string, string>): InputError {
  try {
    parse(inputs)
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error('expected an InputError')
}

describe('parseAnalyticsSettings', () => {
  it('fills the documented defaults', () => {
    expect(parse(REQUIRED)).toEqual({
      service: {
        apiKey: 'mint_abc123',
        projectId: 'proj_1',
        apiUrl: 'https://api.mintlify.com'
      },
      dateFrom: undefined,
      dateTo: undefined,
      pageSize: 250,
      outputFile: 'page-views.json',
      format: 'json',
      summaryRows: 10,
      issueNumber: undefined,
      githubToken: '',
      datasets: ['views'],
      previous: undefined,
      chart: true
    })
  })

  it('names a CSV file page-views.csv when the output file is left at its default', () => {
    expect(parse({ ...REQUIRED, format: 'csv' }).outputFile).toBe('page-views.csv')
    expect(parse({ ...REQUIRED, format: 'CSV', 'output-file': 'page-views.json' }).outputFile).toBe(
      'page-views.csv'
    )
    expect(parse({ ...REQUIRED, format: 'csv', 'output-file': 'out/x.txt' }).outputFile).toBe(
      'out/x.txt'
    )
  })

  it('resolves relative dates against today in UTC', () => {
    const settings = parse({ ...REQUIRED, 'date-from': '-7d', 'date-to': '-0d' })
    expect(settings.dateFrom).toBe('2024-03-03')
    expect(settings.dateTo).toBe('2024-03-10')
  })

  it('resolves -1d across a month and a leap day', () => {
    expect(
      parse({ ...REQUIRED, 'date-from': '-10d' }, new Date('2024-03-10T00:00:00Z')).dateFrom
    ).toBe('2024-02-29')
  })

  it('uses the UTC day even just before midnight in a later time zone', () => {
    // 23:30 UTC on the 9th is already the 10th in Berlin; the rule says UTC.
    expect(
      parse({ ...REQUIRED, 'date-from': '-1d' }, new Date('2024-03-09T23:30:00Z')).dateFrom
    ).toBe('2024-03-08')
  })

  it('sends YYYY-MM-DD and ISO date-times as written (dateTo stays the exclusive bound given)', () => {
    const settings = parse({
      ...REQUIRED,
      'date-from': '2024-01-01',
      'date-to': '2024-02-01T00:00:00+01:00'
    })
    expect(settings.dateFrom).toBe('2024-01-01')
    expect(settings.dateTo).toBe('2024-02-01T00:00:00+01:00')
  })

  it('rejects date-from equal to date-to: date-to is exclusive, so the range would be empty', () => {
    expect(() =>
      parse({ ...REQUIRED, 'date-from': '2024-01-01', 'date-to': '2024-01-01' })
    ).toThrow(/Input 'date-from' must be before date-to .*equal dates are an empty range/)
  })

  it('accepts the largest page size and a # before the issue number', () => {
    const settings = parse({
      ...REQUIRED,
      'page-size': '250',
      'issue-number': '#12',
      'github-token': 't'
    })
    expect(settings.pageSize).toBe(250)
    expect(settings.issueNumber).toBe(12)
  })

  it('assistant: page-size defaults to 1,000 (always sent as limit) and the file to assistant.json', () => {
    const settings = parse({ ...REQUIRED, dataset: 'assistant' })
    expect(settings.pageSize).toBe(1000)
    expect(settings.outputFile).toBe('assistant.json')
    expect(parse({ ...REQUIRED, dataset: 'assistant', 'page-size': '1000' }).pageSize).toBe(1000)
    expect(() => parse({ ...REQUIRED, dataset: 'assistant', compare: 'previous' })).toThrow(
      /Input 'compare' applies to the views and visitors datasets only, not to assistant/
    )
  })

  const bad: [string, Record<string, string>, RegExp][] = [
    ['api-key', { 'project-id': 'p' }, /is required/],
    ['api-key', { 'api-key': 'mint_a b', 'project-id': 'p' }, /no spaces/],
    ['project-id', { 'api-key': 'mint_a' }, /is required/],
    ['project-id', { ...REQUIRED, 'project-id': 'a/b' }, /project id/],
    ['api-url', { ...REQUIRED, 'api-url': 'http://example.com' }, /https URL/],
    ['api-url', { ...REQUIRED, 'api-url': 'not a url' }, /https URL/],
    ['page-size', { ...REQUIRED, 'page-size': '0' }, /from 1 to 250/],
    ['page-size', { ...REQUIRED, 'page-size': '251' }, /from 1 to 250/],
    ['page-size', { ...REQUIRED, 'page-size': '12.5' }, /whole number/],
    ['page-size', { ...REQUIRED, 'page-size': 'many' }, /whole number/],
    ['page-size', { ...REQUIRED, 'page-size': '-5' }, /whole number/],
    ['page-size', { ...REQUIRED, dataset: 'assistant', 'page-size': '1001' }, /from 1 to 1000/],
    ['date-from', { ...REQUIRED, 'date-from': '2024-02-30' }, /YYYY-MM-DD/],
    ['date-from', { ...REQUIRED, 'date-from': '2023-02-29' }, /YYYY-MM-DD/],
    ['date-from', { ...REQUIRED, 'date-from': '2024-13-01' }, /YYYY-MM-DD/],
    ['date-from', { ...REQUIRED, 'date-from': '01/02/2024' }, /YYYY-MM-DD/],
    ['date-from', { ...REQUIRED, 'date-from': 'last week' }, /-Nd/],
    ['date-from', { ...REQUIRED, 'date-from': '7d' }, /-Nd/],
    ['date-from', { ...REQUIRED, 'date-from': '-7' }, /-Nd/],
    ['date-from', { ...REQUIRED, 'date-from': '2024-01-01T25:00:00Z' }, /ISO 8601/],
    ['date-to', { ...REQUIRED, 'date-to': '2024-01-01T10:00:00+25:00' }, /ISO 8601/],
    ['date-to', { ...REQUIRED, 'date-to': '2024-1-1' }, /YYYY-MM-DD/],
    [
      'date-from',
      { ...REQUIRED, 'date-from': '2024-02-01', 'date-to': '2024-01-01' },
      /must be before date-to/
    ],
    ['date-from', { ...REQUIRED, 'date-from': '-1d', 'date-to': '-2d' }, /must be before date-to/],
    ['format', { ...REQUIRED, format: 'xml' }, /`json`, `csv`/],
    ['output-file', { ...REQUIRED, 'output-file': 'reports/' }, /file path/],
    ['output-file', { ...REQUIRED, 'output-file': '..' }, /file path/],
    ['summary-rows', { ...REQUIRED, 'summary-rows': '0' }, /from 1 to 1000/],
    ['summary-rows', { ...REQUIRED, 'summary-rows': 'ten' }, /whole number/],
    ['summary-rows', { ...REQUIRED, 'summary-rows': '1001' }, /from 1 to 1000/],
    [
      'issue-number',
      { ...REQUIRED, 'issue-number': 'abc', 'github-token': 't' },
      /issue or pull-request number/
    ],
    [
      'issue-number',
      { ...REQUIRED, 'issue-number': '0', 'github-token': 't' },
      /issue or pull-request number/
    ],
    ['github-token', { ...REQUIRED, 'issue-number': '3' }, /is required to comment/]
  ]

  /** The inputs that differ from a valid run, for the test name. */
  const shown = (inputs: Record<string, string>): string =>
    Object.entries(inputs)
      .filter(([name, value]) => REQUIRED[name as keyof typeof REQUIRED] !== value)
      .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
      .join(' ') || 'nothing'

  it.each(
    bad.map(([input, inputs, expected]) => [input, shown(inputs), inputs, expected] as const)
  )('rejects a bad %s with one error naming it (%s)', (input, _shown, inputs, expected) => {
    const error = errorOf(inputs)
    expect(error.input).toBe(input)
    expect(error.message).toContain(`'${input}'`)
    expect(error.message).toMatch(expected)
  })
})

describe('parseDate', () => {
  it('reads offsets when ordering date-times', () => {
    const early = parseDate('2024-01-01T23:00:00-02:00', TODAY)
    const late = parseDate('2024-01-02T00:30:00Z', TODAY)
    expect(early && late && early.instant > late.instant).toBe(true)
  })

  it('accepts fractions of a second and a missing offset', () => {
    expect(parseDate('2024-01-01T10:00:00.123456Z', TODAY)?.value).toBe(
      '2024-01-01T10:00:00.123456Z'
    )
    expect(parseDate('2024-01-01T10:00', TODAY)?.instant).toBe(Date.UTC(2024, 0, 1, 10))
  })

  it('refuses a relative date more than a hundred years back', () => {
    expect(parseDate('-40000d', TODAY)).toBeUndefined()
  })
})
