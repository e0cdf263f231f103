// `npm test`: the checks (lint, type check, codegen check, build) and the tests, all at the same time.
// The type check covers the type-level tests (`*.test-d.ts`) with the rest of the project: run here,
// it overlaps the tests instead of following them as vitest's typecheck mode would. None of the
// checks reads what another writes (the lint and the codegen check skip dist/), and the tests
// read the sources, except the files that run dist/: those wait for the build through the build
// gate, a local HTTP endpoint (TEST_BUILD_GATE) that answers once the build has ended, 200 when it
// succeeded (test/helpers/built.ts). Each check's output is printed whole when it ends; the tests
// print as they run. The exit code is the first failing step's. Arguments go to vitest.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

// The build without the emulator's declarations (build:js): the tests run JavaScript alone; a
// declaration the compiler cannot write fails every packing build (.ci/run's consumer step).
const CHECKS = ['lint', 'typecheck', 'codegen:check', 'build:js'];
const npm = process.env.npm_execpath;
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

function runCheck(check) {
  return new Promise((resolve) => {
    // Through the npm that runs this script (npm_execpath), or the one on the PATH.
    const [command, args] = npm ? [process.execPath, [npm, 'run', '-s', check]] : ['npm', ['run', '-s', check]];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`> ${check}${code === 0 ? '' : ` failed (exit code ${code})`}\n${output}`);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** Holds each request until `ended` settles, then answers with the build's outcome. */
async function startBuildGate(ended) {
  const gate = createServer(async (_req, res) => {
    const { code, output } = await ended;
    res.writeHead(code === 0 ? 200 : 500, { 'content-type': 'text/plain' }).end(output);
  });
  await new Promise((resolve) => gate.listen(0, '127.0.0.1', resolve));
  return gate;
}

function runTests(gateUrl) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, TEST_BUILD_GATE: gateUrl },
    });
    child.on('close', (code) => resolve({ code: code ?? 1 }));
  });
}

const checks = Object.fromEntries(CHECKS.map((check) => [check, runCheck(check)]));
const gate = await startBuildGate(checks['build:js']);
const tests = runTests(`http://127.0.0.1:${gate.address().port}/`);
const outcomes = await Promise.all([...Object.values(checks), tests]);
gate.close();
process.exit(outcomes.find(({ code }) => code !== 0)?.code ?? 0);
