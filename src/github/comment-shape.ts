/**
 * An issue or pull-request comment as every reader takes it: what GitHub's REST API gives, and the
 * one shape the ownership rule reads (who wrote it, what it says, when).
 */
import type { IssueRef } from './refs.js'
import { expectRecord } from './response.js'
import type { GitHubCallOptions } from './retry.js'

export interface IssueComment {
  id: number
  body: string
  htmlUrl: string
  userLogin: string
  userType: string
  /** When it was posted (epoch ms); absent when GitHub's answer gave no time. */
  createdAt?: number
}

export interface RestComment {
  id: number
  body?: string | null
  html_url: string
  user?: { login: string; type?: string } | null
  issue_url?: string
  created_at?: string
}

export function toIssueComment(raw: RestComment): IssueComment {
  expectRecord(raw, 'a comment')
  const createdAt = Date.parse(raw.created_at ?? '')
  return {
    id: raw.id,
    body: raw.body ?? '',
    htmlUrl: raw.html_url,
    userLogin: raw.user?.login ?? '',
    userType: raw.user?.type ?? '',
    ...(Number.isNaN(createdAt) ? {} : { createdAt })
  }
}

/** One issue or pull request's conversation, and how the call is made. */
export type IssueCall = GitHubCallOptions & { ref: IssueRef }
