/** `npm run test:unit`: the unit project of jest.config.js alone (the pure-logic tests). */
import { unitProject } from './jest.config.js'

export default unitProject
