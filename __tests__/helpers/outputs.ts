/** The step outputs tests expect from the agent action. */

/**
 * The outputs of job_1 completed with pull request `prNumber` on acme/docs, tracked by the comment
 * `commentId` on issue 7.
 */
export function completedWithPr(prNumber: number, commentId: number): Record<string, string> {
  return {
    'job-id': 'job_1',
    status: 'completed',
    'pr-url': `https://github.com/acme/docs/pull/${prNumber}`,
    'pr-number': String(prNumber),
    'comment-id': String(commentId),
    'comment-url': `https://github.com/acme/docs/issues/7#issuecomment-${commentId}`
  }
}
