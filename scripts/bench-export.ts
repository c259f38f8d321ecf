/**
 * The analytics action as the bench runs it: the same `run` as `src/analytics.ts`, with the run's
 * request limit lifted through its options. The service would stop such an export within the hour;
 * the bench bundles this entry as the committed bundle is built, to measure memory at scale.
 */
import { run } from '../src/analytics/main.js'

void run({ maxRequests: 1_000_000 })
