// The programs some tests need beyond Node (test/helpers/requirements.ts): a missing one skips those
// tests with one line that names it and its install command, and CI=true requires it instead. The
// probe is run here against PATHs that shadow the program, not by removing it from the machine.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { commandRuns, type Requirement, testsNeeding } from '../helpers/requirements.ts';

const dir = mkdtempSync(join(tmpdir(), 'requirements-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** A PATH whose first directory holds `name`, a script that exits with `code`. */
function shadowing(name: string, code: number): NodeJS.ProcessEnv {
  const bin = mkdtempSync(join(dir, 'bin-'));
  writeFileSync(join(bin, name), `#!/bin/sh\nexit ${code}\n`);
  chmodSync(join(bin, name), 0o755);
  return { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };
}

const missing: Requirement = { name: 'frobnicator not found', install: 'apt-get install frob', present: () => false };

describe('the probe of a program on the PATH', () => {
  it('finds a program that runs and not one the shell cannot find', () => {
    expect(commandRuns('redis-server', shadowing('redis-server', 0))).toBe(true);
    expect(commandRuns('redis-server', shadowing('redis-server', 127))).toBe(false);
    expect(commandRuns('no-such-program-anywhere')).toBe(false);
  });
});

describe('tests that need a program', () => {
  it('are skipped without it, with one line naming what and the install command', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(testsNeeding(missing, 'The frob tests')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toBe(
      'The frob tests skipped: frobnicator not found (apt-get install frob). With CI=true they run and fail instead.',
    );
  });

  it('run under CI=true, whether it is there or not, and run silently when it is there', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubEnv('CI', 'true');
    expect(testsNeeding(missing, 'The frob tests')).toBe(true);
    vi.stubEnv('CI', '');
    expect(testsNeeding({ ...missing, present: () => true }, 'The frob tests')).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});
