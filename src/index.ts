import { run } from './agent/main.js'

void run()
