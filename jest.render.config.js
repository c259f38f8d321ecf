/**
 * `npm run test:render`: the Markdown the actions write, rendered in a real browser (Debian's
 * Chromium). Apart from `npm test`, which stays free of a browser.
 */
import config from './jest.config.js'

const integration = config.projects.find(project => project.displayName === 'integration')

export default {
  ...integration,
  displayName: 'render',
  testMatch: ['<rootDir>/__tests__/render/*.render.ts'],
  testTimeout: 120000
}
