import { run } from './deploy/main.js'

void run()
