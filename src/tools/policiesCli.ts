// The policy-as-code command line, a client of a running gateway (`policy-gateway policies …` from the
// package, `npm run policies -- …` in a clone):
//   export [--types T,...] [-o FILE]  the org's document as YAML, into FILE (else on stdout)
//   plan FILE [--prune]               a readable diff; exit 2 when there are changes, 0 when none, 1 when
//                                     refused (or when the service will refuse a change: `!` lines)
//   apply FILE --yes [--prune]        plans, then applies that plan; exit 0 when everything was applied
// FILE is YAML or JSON (`-` for stdin). The gateway is --url, else POLICY_GATEWAY_URL, else the local
// one. The credential is a service's OAuth client (--client-id and --private-key, else
// POLICY_OAUTH_CLIENT_ID and POLICY_OAUTH_PRIVATE_KEY, with the org's URL in --issuer or
// POLICY_OAUTH_ISSUER: an access token by client credentials with the scopes the command needs, see
// clientCredentials.ts), else POLICY_API_TOKEN (sent as `SSWS <token>` unless it names its scheme).
// Exit 1: refused or failed, with the reasons on stderr (a document's mistakes at their line).
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, stringify } from 'yaml';
import { ClientCredentialsToken, privateKeyOf } from './clientCredentials.ts';

const DEFAULT_URL = 'http://127.0.0.1:4000';

export const USAGE =
  'usage: policy-gateway policies export [--types T,...] [-o FILE] | plan FILE [--prune] | apply FILE --yes [--prune]  [--url GATEWAY_URL] [--client-id ID --private-key FILE.pem|FILE.jwk --issuer ORG_URL]  (--help for more)';

/** `--help`: what each command does and what it reads, on stdout. */
export const HELP = `Policy as code: export an org's policies and user types as a document, plan the change to an org, apply it.

usage: policy-gateway policies <command> [options]      (in a clone: npm run policies -- <command> [options])

commands:
  export [--types T,...] [-o FILE]   the org's document as YAML, into FILE (else on stdout)
  plan FILE [--prune]                the changes that would make the org match FILE (YAML or JSON, - for stdin);
                                     exit 2 when there are changes, 0 when none, 1 when refused
                                     (or when the service will refuse a change: the lines marked !)
  apply FILE --yes [--prune]         plans, then applies that plan; exit 0 when everything was applied

options:
  --prune                            also delete managed objects the document does not list (a service
                                     client then also asks for okta.users.read, if granted)
  --url URL                          the gateway (else POLICY_GATEWAY_URL, else ${DEFAULT_URL})
  --client-id ID                     act as an OAuth service client (else POLICY_OAUTH_CLIENT_ID) ...
  --private-key FILE                 ... with its private key, PEM or JWK (else POLICY_OAUTH_PRIVATE_KEY)
  --issuer ORG_URL                   ... from the org's token endpoint (else POLICY_OAUTH_ISSUER)
  -h, --help                         this text

Without a client id, POLICY_API_TOKEN is the credential (sent as "SSWS <token>" unless it names its scheme).
The document's format and the plan's lines: docs/policy-as-code.md of the repository.`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
  readStdin: () => Promise<string>;
}

const CHANGE_FIELDS = 'action kind key path';
const PLAN = `mutation Plan($document: JSON!, $prune: Boolean) {
  planPolicies(document: $document, prune: $prune) {
    plan {
      id summary { create update delete move unchanged refused } upstreamCalls
      changes { ${CHANGE_FIELDS} before after refusal { code message } }
      warnings { code key message }
    }
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
  refusal?: { code: string; message: string } | null;
}

const MARK: Record<string, string> = { CREATE: '+', UPDATE: '~', DELETE: '-', MOVE: '>' };

/** A member's value; null is a member the document leaves out: the service's default. */
function short(value: unknown): string {
  if (value === null || value === undefined) return '(default)';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Every leaf member of an object as `path: value` (lists whole). */
function leaves(value: unknown, path: string[] = []): string[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return path.length > 0 ? [`${path.join('.')}: ${short(value)}`] : [];
}

/** A change as lines: its head, with the members of a create (or of a rule set whole) below it. */
export function describeChange(c: Change): string {
  if (c.refusal) return `! ${c.action} ${c.kind} ${c.key}: refused by the service, ${c.refusal.message}`;
  const head = `${MARK[c.action] ?? '?'} ${c.action} ${c.kind} ${c.key}`;
  if (c.action === 'UPDATE' && c.path) return `${head} ${c.path.join('.')}: ${short(c.before)} -> ${short(c.after)}`;
  if (c.action === 'MOVE') return `${head}: priority ${c.before} -> ${c.after}`;
  if (c.action === 'CREATE' || c.action === 'UPDATE')
    return [head, ...leaves(c.after).map((l) => `    ${l}`)].join('\n');
  return head;
}

const changeId = (c: Change) => `${c.action} ${c.kind} ${c.key} ${c.path?.join('.') ?? ''}`;

/** A parsed document file, and the place (`line:column`) of a member named by its JSON Pointer. */
interface DocumentFile {
  value: unknown;
  placeOf(pointer: string): string | undefined;
}

function parseDocumentFile(name: string, text: string): DocumentFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true });
  if (document.errors.length > 0) throw new Error(`${name}: ${document.errors[0].message}`);
  return {
    value: document.toJS(),
    placeOf(pointer) {
      const segments = pointer
        .split('/')
        .slice(1)
        .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
      // The deepest node the path reaches: a member's key when it is there, else its parent.
      let node: unknown = document.contents;
      let range = (node as Node | null)?.range;
      for (const segment of segments) {
        if (isMap(node)) {
          const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === segment);
          if (!pair) break;
          range = (pair.key as Node | null)?.range ?? range;
          node = pair.value;
        } else if (isSeq(node)) {
          node = node.items[Number(segment)];
          range = (node as Node | null)?.range ?? range;
          if (!node) break;
        } else break;
      }
      if (!range) return undefined;
      const { line, col } = lineCounter.linePos(range[0]);
      return `${line}:${col}`;
    },
  };
}

/** The command line, read. */
interface CommandLine {
  command: string | undefined;
  file: string | undefined;
  url: string;
  types: string | undefined;
  prune: boolean;
  yes: boolean;
  out: string | undefined;
  clientId: string | undefined;
  privateKeyFile: string | undefined;
  issuer: string | undefined;
  help: boolean;
}

function readCommandLine(argv: string[], env: CliIo['env']): CommandLine {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      types: { type: 'string' },
      prune: { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
      url: { type: 'string' },
      out: { type: 'string', short: 'o' },
      'client-id': { type: 'string' },
      'private-key': { type: 'string' },
      issuer: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, file] = positionals;
  return {
    command,
    file,
    url: values.url ?? env.POLICY_GATEWAY_URL ?? DEFAULT_URL,
    types: values.types,
    prune: values.prune ?? false,
    yes: values.yes ?? false,
    out: values.out,
    clientId: values['client-id'] ?? (env.POLICY_OAUTH_CLIENT_ID?.trim() || undefined),
    privateKeyFile: values['private-key'],
    issuer: values.issuer ?? (env.POLICY_OAUTH_ISSUER?.trim() || undefined),
    help: values.help ?? false,
  };
}

/** What each command does to the org, and so the access it asks a token for (both services). */
const ACCESS_OF: Record<string, 'read' | 'manage'> = { export: 'read', plan: 'read', apply: 'manage' };

/** The Authorization header of the gateway's requests: a client's access token (kept until shortly before it expires), or the API token. */
async function credentialOf(line: CommandLine, env: CliIo['env']): Promise<() => Promise<string>> {
  if (line.clientId !== undefined) {
    const keyText = line.privateKeyFile ? await readFile(line.privateKeyFile, 'utf8') : env.POLICY_OAUTH_PRIVATE_KEY;
    if (!keyText?.trim()) {
      throw new Error(
        'A client id needs its private key: --private-key FILE (PEM or JWK), or POLICY_OAUTH_PRIVATE_KEY.',
      );
    }
    if (!line.issuer) {
      throw new Error(
        "A client id needs the org's URL, whose token endpoint issues the token: --issuer or POLICY_OAUTH_ISSUER.",
      );
    }
    const access = ACCESS_OF[line.command ?? ''] ?? 'read';
    const token = new ClientCredentialsToken({
      issuer: line.issuer,
      clientId: line.clientId,
      key: privateKeyOf(keyText),
      scopes: [`okta.policies.${access}`, `okta.userTypes.${access}`],
      // Whether a user type to delete still has users; without the grant the plan warns it did not check.
      optionalScopes: line.prune ? ['okta.users.read'] : [],
    });
    return () => token.authorization();
  }
  const apiToken = env.POLICY_API_TOKEN?.trim();
  if (!apiToken) {
    throw new Error(
      'No credential for the org: set POLICY_API_TOKEN, or give an OAuth client (--client-id and --private-key, or POLICY_OAUTH_CLIENT_ID and POLICY_OAUTH_PRIVATE_KEY).',
    );
  }
  const authorization = /^(SSWS|Bearer) /i.test(apiToken) ? apiToken : `SSWS ${apiToken}`;
  return async () => authorization;
}

// biome-ignore lint/suspicious/noExplicitAny: the answers of the three operations above, read by member
type Gql = (query: string, variables: Record<string, unknown>) => Promise<any>;

/** One GraphQL request to the gateway; its errors thrown as one message. */
function gatewayClient(url: string, authorization: () => Promise<string>): Gql {
  return async (query, variables) => {
    const endpoint = new URL('/graphql', url);
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: await authorization(),
    };
    let res: Response;
    try {
      res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(
        `Could not reach the gateway at ${endpoint} (${cause?.code ?? cause?.message ?? (error as Error).message}): start it, or name it with --url or POLICY_GATEWAY_URL.`,
      );
    }
    // biome-ignore lint/suspicious/noExplicitAny: the answers of the three operations above, read by member
    let body: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
    try {
      body = await res.json();
    } catch {
      throw new Error(`${endpoint} answered HTTP ${res.status} without a GraphQL answer: is it the policy gateway?`);
    }
    if (body.errors?.length) {
      throw new Error(body.errors.map((e) => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`).join('\n'));
    }
    return body.data;
  };
}

/** What a command works with. */
interface Run {
  line: CommandLine;
  gql: Gql;
  io: CliIo;
}

type PlanError = { code: string; key: string; message: string; path?: string[] | null };

async function readDocument({ line, io }: Run): Promise<DocumentFile> {
  const { command, file } = line;
  if (!file) throw new Error(`${command} needs a document file (YAML or JSON, - for stdin)`);
  const text = file === '-' ? await io.readStdin() : await readFile(file, 'utf8');
  return parseDocumentFile(file === '-' ? 'stdin' : file, text);
}

/** The pointer of every named object of a document (user types, policies, rules), by its key in plans. */
function pointersByKey(value: unknown): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  /** Each object of `list` with a name, under `keyOf(name)` at `pointer/index`; `nested` goes inside it. */
  type AddAll = (list: unknown, pointer: string, keyOf: (name: string) => string, nested?: AddAll) => void;
  const addAll: AddAll = (list, pointer, keyOf, nested) => {
    if (!Array.isArray(list)) return;
    for (const [i, o] of list.entries()) {
      if (typeof o?.name !== 'string') continue;
      const key = keyOf(o.name);
      byKey.set(key, [...(byKey.get(key) ?? []), `${pointer}/${i}`]);
      nested?.(o.rules, `${pointer}/${i}/rules`, (rule) => `${key}/${rule}`);
    }
  };
  const doc = (value ?? {}) as { userTypes?: unknown; policies?: Record<string, unknown> };
  addAll(doc.userTypes, '/userTypes', (name) => name);
  for (const [type, policies] of Object.entries(doc.policies ?? {})) {
    addAll(policies, `/policies/${type}`, (name) => `${type}/${name}`, addAll);
  }
  return byKey;
}

/** Where an error is in the file: a schema error's message starts with its JSON Pointer; a name given twice is at its second place. */
function pointerOf(e: PlanError, document: DocumentFile | undefined): string | undefined {
  if (e.code !== 'INVALID') return undefined;
  if (e.key === 'document') return /^(\/\S*): /.exec(e.message)?.[1];
  if (document && e.message.endsWith('appears twice in the document.'))
    return pointersByKey(document.value).get(e.key)?.[1];
  return undefined;
}

function printErrors({ line, io }: Run, errors: PlanError[], document?: DocumentFile): void {
  const name = line.file === '-' ? 'stdin' : line.file;
  for (const e of errors) {
    const pointer = pointerOf(e, document);
    const place = pointer ? document?.placeOf(pointer) : undefined;
    io.err(`${place ? `${name}:${place}: ` : ''}${e.code} ${e.key}: ${e.message}`);
  }
}

/** Plans the document and prints the plan; undefined when it was refused (the reasons printed). */
async function planOf(run: Run): Promise<{ id: string; changes: Change[]; summary: { refused: number } } | undefined> {
  const document = await readDocument(run);
  const { planPolicies } = await run.gql(PLAN, { document: document.value, prune: run.line.prune });
  if (planPolicies.userErrors.length > 0) {
    printErrors(run, planPolicies.userErrors, document);
    return undefined;
  }
  const plan = planPolicies.plan;
  for (const c of plan.changes as Change[]) run.io.out(describeChange(c));
  for (const w of plan.warnings as PlanError[]) run.io.out(`warning ${w.code} ${w.key}: ${w.message}`);
  run.io.out(summaryOf(plan));
  return plan;
}

// biome-ignore lint/suspicious/noExplicitAny: the plan as the PLAN operation answers it
function summaryOf(plan: any): string {
  const s = plan.summary;
  if (plan.changes.length === 0) return `No changes. The org matches the document (plan ${plan.id}).`;
  const counts = `${s.create} to create, ${s.update} to update, ${s.delete} to delete, ${s.move} to move, ${s.unchanged} unchanged`;
  return s.refused > 0
    ? `Plan ${plan.id}: ${counts}; ${s.refused} refused by the service (!): this plan cannot be applied.`
    : `Plan ${plan.id}: ${counts}; ${plan.upstreamCalls} upstream calls to apply.`;
}

async function exportCommand({ line, gql, io }: Run): Promise<number> {
  const types = line.types
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const { exportPolicies } = await gql(EXPORT, { types: types?.length ? types : null });
  const yaml = stringify(exportPolicies.document);
  if (line.out) await writeFile(line.out, yaml);
  else io.out(yaml.trimEnd());
  return 0;
}

async function planCommand(run: Run): Promise<number> {
  const plan = await planOf(run);
  if (!plan || plan.summary.refused > 0) return 1;
  return plan.changes.length > 0 ? 2 : 0;
}

async function applyCommand(run: Run): Promise<number> {
  const plan = await planOf(run);
  if (!plan) return 1;
  if (plan.changes.length === 0) return 0;
  const { applyPolicies } = await run.gql(APPLY, { planId: plan.id });
  // The apply names its changes; their values are the plan's.
  const planned = new Map(plan.changes.map((c) => [changeId(c), c]));
  const withValues = (c: Change) => describeChange(planned.get(changeId(c)) ?? c);
  for (const c of applyPolicies.applied as Change[]) run.io.out(`applied ${withValues(c)}`);
  for (const c of applyPolicies.notApplied as Change[]) run.io.err(`not applied ${withValues(c)}`);
  printErrors(run, applyPolicies.userErrors);
  return applyPolicies.userErrors.length > 0 ? 1 : 0;
}

const COMMANDS: Record<string, (run: Run) => Promise<number>> = {
  export: exportCommand,
  plan: planCommand,
  apply: applyCommand,
};

export async function runPoliciesCli(argv: string[], io: CliIo): Promise<number> {
  let line: CommandLine;
  try {
    line = readCommandLine(argv, io.env);
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (line.help || line.command === 'help') {
    io.out(HELP);
    return 0;
  }
  const command = COMMANDS[line.command ?? ''];
  if (!command) {
    io.err(USAGE);
    return 1;
  }
  if (line.command === 'apply' && !line.yes) {
    io.err('apply writes to the org: add --yes (run plan first to review the changes).');
    return 1;
  }
  try {
    const gql = gatewayClient(line.url, await credentialOf(line, io.env));
    return await command({ line, gql, io });
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
