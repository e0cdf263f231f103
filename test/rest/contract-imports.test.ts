// The contract ships inside the emulator's package on its own: its modules may import TypeBox and
// each other, and nothing of the gateway, the upstream client, the emulator or any other package.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../../packages/emulator/src/rest/contract/', import.meta.url);
const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm;

describe('the contract module', () => {
  it('imports only TypeBox and its own modules', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const specifiers = [...source.matchAll(IMPORT)].map((m) => m[1]);
      expect(specifiers.length, file).toBeGreaterThan(0);
      for (const specifier of specifiers) {
        const allowed = specifier === '@sinclair/typebox' || /^\.\/[\w.]+\.ts$/.test(specifier);
        expect(allowed, `${file} imports ${specifier}`).toBe(true);
      }
    }
  });
});
