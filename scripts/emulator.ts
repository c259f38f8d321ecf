/**
 * `npm run emulator`: the Mintlify service emulator and the GitHub fake on fixed loopback ports
 * (EMULATOR_PORT and GITHUB_FAKE_PORT change them), until Ctrl-C. `.env.example` points at them.
 */
import { LOCAL_PORTS, startLocalEmulator } from '../fakes/local-emulator.js'

const ports = {
  service: Number(process.env.EMULATOR_PORT ?? LOCAL_PORTS.service),
  github: Number(process.env.GITHUB_FAKE_PORT ?? LOCAL_PORTS.github)
}
const local = await startLocalEmulator(ports)
console.log(
  `Mintlify API emulator: ${local.svc.url}  (jobs complete after two polls; 1,234 page views)`
)
console.log(`GitHub REST API fake:  ${local.gh.url}  (issue #1 of your-org/your-docs)`)
console.log('They accept these values (.env.example has them already):')
for (const [name, value] of Object.entries(local.env)) console.log(`  ${name}=${value}`)
console.log('Ctrl-C stops both.')
const stop = (): void => {
  void local.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
