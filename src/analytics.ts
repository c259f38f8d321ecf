import { run } from './analytics/main.js'

void run()
