// The docs' recipes, run as written. A fenced block of docs/api.md, docs/emulator.md or
// docs/policy-as-code.md that a reader copies is marked by the HTML comment on the line above it:
//   <!-- recipe: NAME[,NAME…] -->      the block is a step of the recipe NAME: a `sh` block is run
//                                      (bash -e, in the recipe's project folder), any other block is
//                                      written as files, each starting at a `// path` line
//   <!-- recipe: NAME file=PATH -->    the block is the one file PATH (a JSON or YAML file)
//   <!-- recipe: NAME copy=FROM to=TO -->  (alone on its line) the doc's "copy FROM": the
//                                      repository's file FROM, written to TO
//   <!-- not a recipe: REASON -->      a block the reader does not copy as it is
// Each recipe's steps run in the order of the docs, in an empty folder: its `sh` steps make the
// project (`npm init -y`, `npm install …`) as the doc says. `npm install` of this repository's two
// packages installs their packed tarballs instead (the gateway's with the emulator's, its dependency,
// which the registry would bring); an install that prints `npm warn` fails the
// recipe. Servers a step starts in the background are stopped when the recipe ends.
// `npm run consumer` runs every recipe over the packed tarballs (CI); test/docs/recipes.test.ts
// checks that every block a reader would copy is marked one way or the other.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const RECIPE_DOCS = ['docs/api.md', 'docs/emulator.md', 'docs/policy-as-code.md'];
const PACKAGES = ['policy-service-emulator', 'policy-graphql-gateway'];
const FILE_HEADER = /^\/\/ ([\w./-]+\.(?:[cm]?[jt]sx?|json|graphql))$/;
const DIRECTIVE = /^\s*<!-- (recipe|not a recipe): (.*?) -->\s*$/;
/** How long one `sh` step may take (installs included). */
const STEP_TIMEOUT_MS = 5 * 60_000;

/**
 * The recipes of one Markdown text, and the blocks it leaves unmarked.
 * @returns {{ recipes: Map<string, object[]>, unmarked: { line: number, lang: string, text: string }[], errors: string[] }}
 */
export function parseRecipes(markdown, doc) {
  const lines = markdown.split('\n');
  const recipes = new Map();
  const unmarked = [];
  const errors = [];
  const stepsOf = (name) => recipes.get(name) ?? recipes.set(name, []).get(name);
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)```(\w*)\s*$/.exec(lines[i]);
    const directive = DIRECTIVE.exec(lines[i]);
    if (directive?.[1] === 'recipe' && / copy=/.test(directive[2])) {
      const [names, ...options] = directive[2].split(/\s+/);
      const option = Object.fromEntries(options.map((o) => o.split('=')));
      for (const name of names.split(',')) {
        stepsOf(name).push({ kind: 'copy', from: option.copy, to: option.to, where: `${doc}:${i + 1}` });
      }
      continue;
    }
    if (!fence) continue;
    const [, indent, lang] = fence;
    const start = i;
    const body = [];
    for (i++; i < lines.length && lines[i].trim() !== '```'; i++) body.push(lines[i].slice(indent.length));
    const text = `${body.join('\n')}\n`;
    const above = DIRECTIVE.exec(lines[start - 1] ?? '');
    const where = `${doc}:${start + 1}`;
    if (!above) {
      unmarked.push({ line: start + 1, lang, text });
      continue;
    }
    if (above[1] === 'not a recipe') continue;
    const [names, ...options] = above[2].split(/\s+/);
    const file = options.find((o) => o.startsWith('file='))?.slice('file='.length);
    let step;
    if (lang === 'sh') step = { kind: 'sh', script: text, where };
    else if (file) step = { kind: 'files', files: [{ path: file, text }], where };
    else {
      const files = [];
      for (const line of body) {
        const header = FILE_HEADER.exec(line);
        // The path line stays as the file's first comment, except in JSON, which has no comments.
        if (header) files.push({ path: header[1], lines: header[1].endsWith('.json') ? [] : [line] });
        else if (files.length > 0) files.at(-1).lines.push(line);
        else if (line.trim()) {
          errors.push(`${where}: a recipe block starts with a \`// path\` line (or names its file=)`);
          break;
        }
      }
      step = {
        kind: 'files',
        files: files.map((f) => ({ path: f.path, text: `${f.lines.join('\n').trimEnd()}\n` })),
        where,
      };
    }
    for (const name of names.split(',')) stepsOf(name).push(step);
  }
  return { recipes, unmarked, errors };
}

/** Every recipe of the docs, by name, with its steps in the docs' order. */
export function readRecipes() {
  const all = new Map();
  const errors = [];
  for (const doc of RECIPE_DOCS) {
    const parsed = parseRecipes(readFileSync(join(root, doc), 'utf8'), doc);
    errors.push(...parsed.errors);
    for (const [name, steps] of parsed.recipes) all.set(name, [...(all.get(name) ?? []), ...steps]);
  }
  return { recipes: all, errors };
}

const tarballOf = (name, tarballs) => tarballs.find((t) => new RegExp(`${name}-\\d[^/\\\\]*\\.tgz$`).test(t)) ?? name;

/** An `npm install` line's package names of this repository, as their tarballs. */
export function withTarballs(script, tarballs) {
  return script
    .split('\n')
    .map((line) => {
      if (!/\bnpm (install|i|add)\b/.test(line)) return line;
      let out = line;
      for (const name of PACKAGES) {
        out = out.replace(new RegExp(`(?<=\\s)${name}(@\\S+)?(?=\\s|$)`, 'g'), tarballOf(name, tarballs));
      }
      // The gateway depends on the emulator, which the registry would bring: its tarball stands in.
      const emulator = tarballOf(PACKAGES[0], tarballs);
      if (out !== line && out.includes(tarballOf(PACKAGES[1], tarballs)) && !out.includes(emulator))
        out += ` ${emulator}`;
      return out;
    })
    .join('\n');
}

/** Runs a script in its own process group; the group (servers it left in the background) is killed after. */
function runScript(script, cwd) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true', npm_config_fund: 'false', npm_config_audit: 'false' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(stopped after ${STEP_TIMEOUT_MS / 1000} s)`;
      kill();
    }, STEP_TIMEOUT_MS);
    const kill = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    };
    // On the script's exit, not on its pipes' close: servers it left in the background hold them open.
    child.on('exit', (code) => {
      clearTimeout(timer);
      kill();
      setImmediate(() => resolve({ code: code ?? 1, output }));
    });
  });
}

/** Runs one recipe in `dir`; throws with the step that failed and its output. */
async function runRecipe(steps, dir, tarballs) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const step of steps) {
    if (step.kind === 'copy') {
      mkdirSync(dirname(join(dir, step.to)), { recursive: true });
      cpSync(join(root, step.from), join(dir, step.to));
    } else if (step.kind === 'files') {
      for (const file of step.files) {
        mkdirSync(dirname(join(dir, file.path)), { recursive: true });
        writeFileSync(join(dir, file.path), file.text);
      }
    } else {
      const { code, output } = await runScript(withTarballs(step.script, tarballs), dir);
      const warnings = output.split('\n').filter((line) => line.startsWith('npm warn'));
      if (code !== 0 || warnings.length > 0) {
        throw new Error(
          `${step.where}: ${code !== 0 ? `exit ${code}` : 'npm warned'}\n${step.script}\n--- output ---\n${output.trim()}`,
        );
      }
    }
  }
}

/** Runs every recipe (or the named ones) over the tarballs in `work`; prints a line each and jest-style counts. */
export async function runRecipes({ tarballs, work, only }) {
  const { recipes, errors } = readRecipes();
  if (errors.length) throw new Error(errors.join('\n'));
  let passed = 0;
  let failed = 0;
  const queue = [...recipes].filter(([name]) => !only?.length || only.includes(name));
  // Two at a time: most of a recipe is npm installing, which waits on the disk and the network.
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, steps] = next;
      const started = performance.now();
      try {
        await runRecipe(steps, join(work, 'recipes', name), tarballs);
        passed++;
        console.log(`recipe ${name}: passed (${Math.round((performance.now() - started) / 1000)} s)`);
      } catch (error) {
        failed++;
        console.log(`recipe ${name}: FAILED\n${error.message}`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  console.log(`Tests:       ${passed} passed, ${failed} failed, ${passed + failed} total`);
  return failed === 0;
}
