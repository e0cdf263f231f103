// The steps `npm test` runs before the tests (lint, codegen check, build) at the same time: none of
// them reads what another writes (the lint and the codegen check skip dist/), and on two cores the
// lint and the codegen check fit beside the build. Each step's output is printed whole when it ends;
// the exit code is the first failing step's.
import { spawn } from 'node:child_process';

const STEPS = ['lint', 'codegen:check', 'build'];
const npm = process.env.npm_execpath;

function runStep(step) {
  return new Promise((resolve) => {
    // Through the npm that runs this script (npm_execpath), or the one on the PATH.
    const [command, args] = npm ? [process.execPath, [npm, 'run', '-s', step]] : ['npm', ['run', '-s', step]];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`> ${step}${code === 0 ? '' : ` failed (exit code ${code})`}\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(STEPS.map(runStep));
process.exit(codes.find((code) => code !== 0) ?? 0);
