// A frontend's check of its trusted documents before it deploys them: every document of a manifest
// (graphql-codegen client preset's persisted-documents.json) is validated against the gateway's
// schema and static limits, and each operation's worst-case estimate is printed against the cost
// limits, as the gateway works them out at start with TRUSTED_DOCUMENTS.
//   npm run documents:check -- <manifest.json>
// Exit 0: every operation within the limits; 1: one or more over them (each named); 2: a manifest
// that cannot be used (not JSON, a document that does not validate). The limits are the defaults,
// or the MAX_* variables of the environment, as the gateway would read them.
import { fileURLToPath } from 'node:url';
import { readGatewayConfig } from '../config/gateway.ts';
import { ConfigError } from '../config/env.ts';
import { buildSchema } from '../gateway/schema.ts';
import {
  readTrustedManifest,
  type TrustedOperation,
  TrustedDocumentsError,
  trustedDocuments,
} from '../gateway/trustedDocuments.ts';
import type { CostLimits } from '../gateway/plugins/cost.ts';

/** The report of a manifest: the table, and whether every operation is within the limits. */
export function checkDocuments(file: string, env: NodeJS.ProcessEnv = {}): { text: string; withinLimits: boolean } {
  const config = readGatewayConfig(env);
  const cost: CostLimits = {
    maxSize: config.queryLimits.cost,
    maxNodeIds: config.queryLimits.nodeIds,
    operation: { ...config.upstream.operation },
  };
  const documents = trustedDocuments(
    buildSchema(),
    readTrustedManifest(file),
    { query: config.queryLimits, cost },
    file,
  );
  const rows = documents.operations.map((operation) => row(operation, cost));
  const header = ['document', 'operation', 'calls', 'size', 'limit', ''];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 2 && i <= 4 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const over = documents.operations.filter((o) => o.overLimit);
  const lines = [line(header), ...rows.map(line)];
  lines.push(
    '',
    over.length === 0
      ? `${documents.operations.length} operations of ${documents.count} documents, each within the limits (worst case: every Int variable at the largest page, id lists at MAX_NODE_IDS).`
      : `${over.length} of ${documents.operations.length} operations over the limits:`,
    ...over.map((o) => `  ${o.id} (${o.operation}): ${o.overLimit}`),
  );
  return { text: lines.join('\n'), withinLimits: over.length === 0 };
}

function row({ id, operation, estimate, overLimit }: TrustedOperation, limits: CostLimits): string[] {
  return [
    id.length > 16 ? `${id.slice(0, 12)}…` : id,
    operation,
    String(estimate.calls),
    String(estimate.size),
    `${limits.operation.maxCalls} calls / ${limits.maxSize}`,
    overLimit ? 'OVER' : 'ok',
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run documents:check -- <manifest.json>');
    process.exit(2);
  }
  try {
    const { text, withinLimits } = checkDocuments(file, process.env);
    console.log(text);
    process.exit(withinLimits ? 0 : 1);
  } catch (error) {
    if (error instanceof TrustedDocumentsError || error instanceof ConfigError) {
      console.error(`documents:check: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}
