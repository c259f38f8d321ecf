/** The GitHub fake (fakes/github/), under the short name tests and scripts import it by. */
export { GitHubFake, type GitHubFakeOptions } from './github/server.js'
export {
  type FakeComment,
  type FakeCommit,
  type FakeFile,
  type FakeIssue,
  type GitHubCall,
  type Permission
} from './github/model.js'
export { secondaryRateLimit, type Fault } from './faults.js'
