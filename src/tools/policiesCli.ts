// The policy-as-code command line, a client of a running gateway:
//   export [--types T,...]      the org's document as YAML on stdout
//   plan FILE [--prune]         a readable diff; exit 2 when there are changes, 0 when none
//   apply FILE --yes [--prune]  plans, then applies that plan; exit 0 when everything was applied
// FILE is YAML or JSON (`-` for stdin). The gateway is --url, else POLICY_GATEWAY_URL, else the local
// one; the credential is POLICY_API_TOKEN (sent as `SSWS <token>` unless it names its scheme).
// Exit 1: refused or failed, with the reasons on stderr.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parse, stringify } from 'yaml';

export const USAGE =
  'usage: npm run policies -- export [--types T,...] | plan FILE [--prune] | apply FILE --yes [--prune]  [--url GATEWAY_URL]';
const DEFAULT_URL = 'http://127.0.0.1:4000';

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
  readStdin: () => Promise<string>;
}

const CHANGE_FIELDS = 'action kind key path';
const PLAN = `mutation Plan($document: JSON!, $prune: Boolean) {
  planPolicies(document: $document, prune: $prune) {
    plan { id summary { create update delete move unchanged } changes { ${CHANGE_FIELDS} before after } upstreamCalls }
    userErrors { message code key path }
  }
}`;
const APPLY = `mutation Apply($planId: ID!) {
  applyPolicies(planId: $planId) {
    applied { ${CHANGE_FIELDS} } notApplied { ${CHANGE_FIELDS} } userErrors { message code key path }
  }
}`;
const EXPORT = 'query Export($types: [PolicyType!]) { exportPolicies(types: $types) { document } }';

interface Change {
  action: string;
  kind: string;
  key: string;
  path: string[] | null;
  before?: unknown;
  after?: unknown;
}

const MARK: Record<string, string> = { CREATE: '+', UPDATE: '~', DELETE: '-', MOVE: '>' };

/** A member's value; null is a member the document leaves out: the service's default. */
function short(value: unknown): string {
  if (value === null || value === undefined) return '(default)';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export function describeChange(c: Change): string {
  const head = `${MARK[c.action] ?? '?'} ${c.action} ${c.kind} ${c.key}`;
  if (c.action === 'UPDATE' && c.path) return `${head} ${c.path.join('.')}: ${short(c.before)} -> ${short(c.after)}`;
  if (c.action === 'MOVE') return `${head}: priority ${c.before} -> ${c.after}`;
  return head;
}

export async function runPoliciesCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        types: { type: 'string' },
        prune: { type: 'boolean', default: false },
        yes: { type: 'boolean', default: false },
        url: { type: 'string' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  const [command, file] = positionals;
  const url = (values.url as string | undefined) ?? io.env.POLICY_GATEWAY_URL ?? DEFAULT_URL;
  const token = io.env.POLICY_API_TOKEN?.trim();
  if (!token) {
    io.err('POLICY_API_TOKEN is not set: the gateway needs a credential for the org.');
    return 1;
  }
  const authorization = /^(SSWS|Bearer) /i.test(token) ? token : `SSWS ${token}`;
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const res = await fetch(new URL('/graphql', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization },
      body: JSON.stringify({ query, variables }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the answers of the three operations above, read by member
    const body = (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
    if (body.errors?.length) {
      throw new Error(body.errors.map((e) => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`).join('\n'));
    }
    return body.data;
  };
  const readDocument = async () => {
    if (!file) throw new Error(`${command} needs a document file (YAML or JSON, - for stdin)`);
    return parse(file === '-' ? await io.readStdin() : await readFile(file, 'utf8')) as unknown;
  };
  const printErrors = (errors: { code: string; key: string; message: string }[]) => {
    for (const e of errors) io.err(`${e.code} ${e.key}: ${e.message}`);
  };
  const planOf = async () => {
    const { planPolicies } = await gql(PLAN, { document: await readDocument(), prune: values.prune });
    if (planPolicies.userErrors.length > 0) {
      printErrors(planPolicies.userErrors);
      return undefined;
    }
    const plan = planPolicies.plan;
    for (const c of plan.changes as Change[]) io.out(describeChange(c));
    const s = plan.summary;
    io.out(
      `Plan ${plan.id}: ${s.create} to create, ${s.update} to update, ${s.delete} to delete, ${s.move} to move, ${s.unchanged} unchanged; ${plan.upstreamCalls} upstream calls to apply.`,
    );
    return plan as { id: string; changes: Change[] };
  };
  try {
    switch (command) {
      case 'export': {
        const types = (values.types as string | undefined)
          ?.split(',')
          .map((t) => t.trim())
          .filter(Boolean);
        const { exportPolicies } = await gql(EXPORT, { types: types?.length ? types : null });
        io.out(stringify(exportPolicies.document).trimEnd());
        return 0;
      }
      case 'plan': {
        const plan = await planOf();
        if (!plan) return 1;
        return plan.changes.length > 0 ? 2 : 0;
      }
      case 'apply': {
        if (!values.yes) {
          io.err('apply writes to the org: add --yes (run plan first to review the changes).');
          return 1;
        }
        const plan = await planOf();
        if (!plan) return 1;
        if (plan.changes.length === 0) return 0;
        const { applyPolicies } = await gql(APPLY, { planId: plan.id });
        for (const c of applyPolicies.applied as Change[]) io.out(`applied ${describeChange(c)}`);
        for (const c of applyPolicies.notApplied as Change[]) io.err(`not applied ${describeChange(c)}`);
        printErrors(applyPolicies.userErrors);
        return applyPolicies.userErrors.length > 0 ? 1 : 0;
      }
      default:
        io.err(USAGE);
        return 1;
    }
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
