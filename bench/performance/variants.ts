// A gateway variant as the benches name it on their command line (`--variant "CACHE_TTL_SECONDS=60
// dist/main.js --max-semi-space-size=8"`): leading NAME=value words are its settings, then its entry
// point (dist/main.js when none is named), then node flags.

export interface VariantSpec {
  settings: Record<string, string>;
  script: string;
  nodeArgs: string[];
}

export function variantSpec(spec: string): VariantSpec {
  const words = spec.split(/\s+/).filter((w) => w !== '');
  const isSetting = (w: string) => /^[A-Z_]+=/.test(w);
  const settings = Object.fromEntries(
    words.filter(isSetting).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]),
  );
  const [script = 'dist/main.js', ...nodeArgs] = words.filter((w) => !isSetting(w));
  return { settings, script, nodeArgs };
}
