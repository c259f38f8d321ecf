/** The GitHub fake (fakes/github/), under the short name tests and scripts import it by. */
export { GitHubFake, type GitHubFakeOptions } from './github/server.js'
export {
  ACTIONS_BOT,
  type FakeChange,
  type FakeComment,
  type FakeCommit,
  type FakeFile,
  type FakeIssue,
  type FakeRelease,
  type GitHubCall,
  type Permission,
  type Reaction,
  type ReviewReply
} from './github/model.js'
export { secondaryRateLimit, type Fault, type FaultKind, type FaultRule } from './faults.js'
