/**
 * `npm run lint:workflows`: actionlint over examples/*.yml and the README's YAML blocks, and the
 * action metadata schema over every action.yml (see fakes/workflow-lint.ts). Exit 1 on any finding.
 */
import { PROJECT_ROOT } from '../fakes/action-env.js'
import { actionFiles, exampleFiles, formatFinding, lintAll } from '../fakes/workflow-lint.js'

const findings = await lintAll(PROJECT_ROOT)
for (const finding of findings) console.error(formatFinding(finding))
console.log(
  `${exampleFiles(PROJECT_ROOT).length} example workflows, the README's YAML blocks and ` +
    `${actionFiles(PROJECT_ROOT).join(', ')}: ${findings.length === 0 ? 'clean' : `${findings.length} findings`}`
)
process.exitCode = findings.length === 0 ? 0 : 1
