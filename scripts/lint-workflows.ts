/**
 * `npm run lint:workflows`: actionlint over examples/*.yml and the README's YAML blocks, and the
 * action metadata schema over every action.yml (see fakes/workflow-lint.ts); then actionlint over
 * the repository's own workflows (.github/workflows) and the YAML blocks of CONTRIBUTING.md and
 * docs/*.md (scripts/own-workflows.ts). Exit 1 on any finding.
 */
import { PROJECT_ROOT } from '../fakes/action-env.js'
import { actionFiles, exampleFiles, formatFinding, lintAll } from '../fakes/workflow-lint.js'
import { lintOwnWorkflows, otherMarkdownFiles, ownWorkflowFiles } from './own-workflows.js'

const findings = [...(await lintAll(PROJECT_ROOT)), ...(await lintOwnWorkflows(PROJECT_ROOT))]
for (const finding of findings) console.error(formatFinding(finding))
console.log(
  `${exampleFiles(PROJECT_ROOT).length} example workflows, the README's YAML blocks, ` +
    `${ownWorkflowFiles(PROJECT_ROOT).join(', ') || 'no workflows in .github/workflows'}, ` +
    `the YAML blocks of ${otherMarkdownFiles(PROJECT_ROOT).join(', ') || 'no other Markdown'} and ` +
    `${actionFiles(PROJECT_ROOT).join(', ')}: ${findings.length === 0 ? 'clean' : `${findings.length} findings`}`
)
process.exitCode = findings.length === 0 ? 0 : 1
