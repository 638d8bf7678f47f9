#!/usr/bin/env node
// The `agent-desk` command: hands over to the built CLI bundle (out/main/cli.js).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const entry = path.join(__dirname, '..', 'out', 'main', 'cli.js');
if (!fs.existsSync(entry)) {
  process.stderr.write('Agent Desk is not built yet: run `npm run build`\n');
  process.exit(1);
}
require(entry);
