import { run } from './sweep/main.js'

void run()
