import { readFileSync, readdirSync } from 'node:fs';
import { buildSchema, getOperationAST, parse, Kind } from 'graphql';
import { estimateCost } from './src/gateway/costEstimate.ts';
import { dashboard, POLICY_DETAIL, withTypename, variableAttack } from './test/helpers/consoleOperations.ts';
const schema = buildSchema(readFileSync('schema.graphql', 'utf8'));
function est(q: string, v: any = {}) {
  const doc = parse(q); const op = getOperationAST(doc)!;
  const frags: any = {}; for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) frags[d.name.value] = d;
  const e = estimateCost(schema, op, frags, v); return { calls: e.calls, size: e.size, top: e.parts.slice(0, 2) };
}
for (const p of ['literal','variable','default'] as const) { const d = dashboard(p); console.log('dash', p, est(d.query, d.variables)); console.log('dash+tn', p, est(withTypename(d.query), d.variables)); }
console.log('detail', est(POLICY_DETAIL), est(withTypename(POLICY_DETAIL)));
const a = variableAttack(); console.log('attack', est(a.query, a.variables));
for (const f of readdirSync('examples/operations').filter((f) => f.endsWith('.graphql'))) { const q = readFileSync('examples/operations/' + f, 'utf8'); console.log(f, est(q).size, est(withTypename(q)).size); }
