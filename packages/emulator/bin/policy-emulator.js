#!/usr/bin/env node
// The `policy-emulator` command. A file of its own (not dist/ itself), so that a workspace install
// links the command before the first build has made dist/.
import '../dist/emulator/main.js';
