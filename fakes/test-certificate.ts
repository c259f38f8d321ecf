/**
 * A self-signed certificate for a test host, made when the test starts (openssl, as on every
 * GitHub-hosted and Debian runner), so no key is ever committed. `trust` makes this process's TLS
 * clients accept it (Node 24's tls.setDefaultCACertificates) until the returned function is called.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import tls from 'node:tls'

export interface TestCertificate {
  key: string
  cert: string
}

export function makeCertificate(hostname: string): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'mintlify-cert-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${hostname}`,
        '-addext',
        `subjectAltName=DNS:${hostname}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem')
      ],
      { stdio: 'ignore' }
    )
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8')
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Adds the certificate to the default CA list of this process; the result undoes it. */
export function trust(certificate: TestCertificate): () => void {
  const before = tls.getCACertificates('default')
  tls.setDefaultCACertificates([...before, certificate.cert])
  return () => tls.setDefaultCACertificates(before)
}
