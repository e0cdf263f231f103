// The cost of each operation, decided once its variables are known and before its first upstream
// call (validation runs without variables, so a `first: $first` would go uncounted there): the
// estimate (see costEstimate.ts) is refused with COST_LIMIT_EXCEEDED and a message saying what to
// change when it follows a back-reference under a back-reference, or goes over MAX_NODE_IDS,
// MAX_UPSTREAM_CALLS or MAX_QUERY_COST; a heavy operation waits for its share
// of the process's memory budget; every answer carries `extensions.cost`; and the errors of one
// refused wave, or of a response over its budget, come back as one error instead of one per field.
import { type ExecutionResult, GraphQLError, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ThrottleStatus } from '../../upstream/client.ts';
import type { OperationLimits } from '../../upstream/operationGuard.ts';
import type { GatewayContext } from '../context.ts';
import type { CostExtension } from '../costExtension.ts';
import {
  BACK_REFERENCES_PER_PATH,
  type CostCycle,
  type CostEstimate,
  documentEstimate,
  OBJECT_WEIGHT,
} from '../costEstimate.ts';
import { HEAVY_BYTES, type MemoryBudget } from '../memoryBudget.ts';

export interface CostLimits {
  /** Largest estimated result size (items × fields). */
  maxSize: number;
  /** Most ids one operation may name in `nodes(ids:)`. */
  maxNodeIds: number;
  /** The operation's upstream limits: calls, response bytes, deadline. */
  operation: OperationLimits;
  /** The read cache is on (CACHE_TTL_SECONDS): the answer says what it served. */
  readCache?: boolean;
}

export type { CostExtension } from '../costExtension.ts';

/**
 * Upstream JSON bytes one unit of estimated size stands for at most, as measured (docs/limits.md):
 * what an operation reserves of the memory budget is its estimate times this, capped by its
 * response budget.
 */
export const BYTES_PER_COST_UNIT = 64;

/** The errors the operation's guard gives to every field it refused: one is enough. */
const ONCE_PER_OPERATION = new Set(['UPSTREAM_BUDGET_EXCEEDED', 'RESPONSE_TOO_LARGE']);

export function useCost(limits: CostLimits, memory: MemoryBudget): Plugin<GatewayContext> {
  const reported = reportedLimits(limits);
  return {
    // An answer refused before execution (a parse or validation error) has no estimate, but the limits.
    onResultProcess({ result, setResult }) {
      if (!isSingle(result) || Array.isArray(result) || result.extensions?.cost) return;
      const cost: CostExtension = {
        estimate: null,
        calls: 0,
        limits: reported,
        throttleStatus: null,
        ...(limits.readCache && { cache: cacheOf(undefined) }),
      };
      setResult({ ...result, extensions: { ...result.extensions, cost } });
    },
    // Not async: an operation that waits for no memory, the usual case, passes without a promise.
    onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as GatewayContext;
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return;
      const estimate = documentEstimate(args.schema, args.document, operation, args.variableValues);
      const extension = (): CostExtension => ({
        estimate: { calls: estimate.calls, size: estimate.size },
        calls: context.operation?.upstreamCalls ?? 0,
        limits: reported,
        throttleStatus: throttleStatusOf(context.throttleStatus?.()),
        ...(limits.readCache && { cache: cacheOf(context.operation) }),
      });
      const lastPartCost = ({ result, setResult }: { result: PartResult; setResult(result: PartResult): void }) => {
        if (result.hasNext !== false) return;
        const errors = result.errors && onceEach(result.errors);
        setResult({ ...result, ...(errors && { errors }), extensions: { ...result.extensions, cost: extension() } });
      };
      const refusal = refusalOf(estimate, limits);
      if (refusal) {
        setResultAndStopExecution({ errors: [refusal], extensions: { cost: extension() } });
        return;
      }
      const hooks = {
        onExecuteDone({ result, setResult }: { result: unknown; setResult(result: ExecutionResult): void }) {
          // An answer in parts (@defer, @stream): the last part carries the cost of the whole.
          if (!isSingle(result)) return { onNext: lastPartCost };
          // A run-time bound stopped it: what was built so far is dropped, one error says why.
          const stopped = context.answer.error;
          const extensions = { ...result.extensions, cost: extension() };
          setResult(
            stopped
              ? { data: null, errors: [stopped], extensions }
              : { ...result, errors: result.errors && onceEach(result.errors), extensions },
          );
        },
      };
      // Once a run-time bound stops the operation (answerMeter.ts), every field throws the meter's
      // one error: the execution unwinds without starting anything more, and its answer is that error.
      const bytes = Math.min(estimate.size * BYTES_PER_COST_UNIT, limits.operation.maxResponseBytes);
      if (bytes < HEAVY_BYTES) return hooks;
      // Waiting takes at most half the operation's deadline, so that an admitted operation has time left to run.
      return memory.reserve(bytes, Date.now() + limits.operation.timeoutMs / 2).then((hold) => {
        if (!hold) {
          setResultAndStopExecution({ errors: [serverBusy()], extensions: { cost: extension() } });
          return;
        }
        // Held until the answer is written, not only until it is built.
        context.answer.adopt(hold);
        return hooks;
      });
    },
  };
}

/** The limits `extensions.cost` reports. */
export function reportedLimits(limits: CostLimits): CostExtension['limits'] {
  return { calls: limits.operation.maxCalls, size: limits.maxSize, responseBytes: limits.operation.maxResponseBytes };
}

/** What the read cache served the operation. */
function cacheOf(tally: GatewayContext['operation'] | undefined): CostExtension['cache'] {
  return cacheExtension(tally?.cacheHits ?? 0, tally?.oldestCacheAgeMs ?? 0);
}

/** `extensions.cost.cache`: the reads the read cache answered, and the oldest one's age in whole seconds. */
export function cacheExtension(hits: number, oldestAgeMs: number): CostExtension['cache'] {
  return { hits, oldestAgeSeconds: Math.floor(oldestAgeMs / 1000) };
}

/** COST_LIMIT_EXCEEDED for a cycle or over any limit, naming what to change; undefined within them all. */
export function refusalOf(estimate: CostEstimate, limits: CostLimits): GraphQLError | undefined {
  if (estimate.cycle) return cycleRefusal(estimate.cycle);
  if (estimate.nodeIds > limits.maxNodeIds) {
    return new GraphQLError(
      `The operation names ${estimate.nodeIds} ids in ${estimate.representations ? '`nodes(ids:)` and `_entities(representations:)`' : '`nodes(ids:)`'}; the limit is ${limits.maxNodeIds}. Ask for fewer ids per operation: a repeated id counts each time, since the answer repeats its object.`,
      {
        extensions: {
          code: 'COST_LIMIT_EXCEEDED',
          measure: 'ids',
          estimate: estimate.nodeIds,
          limit: limits.maxNodeIds,
        },
      },
    );
  }
  const maxCalls = limits.operation.maxCalls;
  if (estimate.calls > maxCalls) {
    return new GraphQLError(
      `The operation asks for at least ${estimate.calls} upstream calls; the limit is ${maxCalls}. Split it into smaller operations (fewer aliases or nested lists per operation).`,
      { extensions: { code: 'COST_LIMIT_EXCEEDED', measure: 'calls', estimate: estimate.calls, limit: maxCalls } },
    );
  }
  if (estimate.size <= limits.maxSize) return undefined;
  const largest = estimate.parts[0];
  const fieldsPerItem = Math.ceil(largest.size / largest.items);
  const what = largest.items > 1 ? `${largest.items} × ${fieldsPerItem} fields` : `${fieldsPerItem} fields`;
  return new GraphQLError(
    `The operation's cost is ${estimate.size} (items × fields, each object the service returns counting ${OBJECT_WEIGHT}); the limit is ${limits.maxSize}. Largest: \`${largest.field}\`: ${what}; lower \`first\` or select fewer fields, or split the operation.`,
    {
      extensions: {
        code: 'COST_LIMIT_EXCEEDED',
        measure: 'size',
        estimate: estimate.size,
        limit: limits.maxSize,
        field: largest.field,
        items: largest.items,
        fieldsPerItem,
      },
    },
  );
}

/** A back-reference under a back-reference: every turn of the cycle multiplies the answer by its lists. */
function cycleRefusal({ path, field, kind, backReferences }: CostCycle): GraphQLError {
  return new GraphQLError(
    `\`${path.join('.')}\` (\`${field}\`) comes back to a ${kind} a third time: a field that leads back to an object above it may be followed once on a path, not under another one, since each turn repeats the lists in between for every item. Select what you need on the ${kind} above instead.`,
    {
      extensions: {
        code: 'COST_LIMIT_EXCEEDED',
        measure: 'backReferences',
        estimate: backReferences,
        limit: BACK_REFERENCES_PER_PATH,
        path,
        field,
      },
    },
  );
}

function serverBusy(): GraphQLError {
  return new GraphQLError(
    'The gateway is busy with other large operations and could not start this one before its deadline. Try again shortly, or ask for fewer items.',
    { extensions: { code: 'SERVER_BUSY' } },
  );
}

export function throttleStatusOf(status: ThrottleStatus | undefined): CostExtension['throttleStatus'] {
  // A caller this replica has not seen spend anything yet: nothing is known.
  if (!status || (status.limit === null && status.remaining === null)) return null;
  return {
    limit: status.limit,
    remaining: status.remaining,
    resetAt: status.resetAt === null ? null : isoTime(status.resetAt),
    callerLimit: status.callerLimit,
  };
}

/** The last reset time written out: every answer of a window carries the same one. */
let lastReset = { at: Number.NaN, text: '' };

function isoTime(at: number): string {
  if (lastReset.at !== at) lastReset = { at, text: new Date(at).toISOString() };
  return lastReset.text;
}

/** One part of an answer in parts. */
type PartResult = ExecutionResult & { hasNext?: boolean };

function isSingle(result: unknown): result is ExecutionResult {
  return typeof result === 'object' && result !== null && !(Symbol.asyncIterator in result);
}

/**
 * A refused wave (or a response over its budget) fails every field that waited for it: the first
 * error stands for all of them, with how many fields it left null; the others' fields stay null.
 */
function onceEach(errors: readonly GraphQLError[]): GraphQLError[] {
  const chosen = new Map<string, GraphQLError>();
  const counts = new Map<string, number>();
  for (const error of errors) {
    const code = error.extensions?.code;
    if (typeof code !== 'string' || !ONCE_PER_OPERATION.has(code)) continue;
    counts.set(code, (counts.get(code) ?? 0) + 1);
    // The first by path, not by arrival: which list answered first must not change the answer.
    const current = chosen.get(code);
    if (!current || pathKey(error) < pathKey(current)) chosen.set(code, error);
  }
  if (chosen.size === 0) return [...errors];
  const kept: GraphQLError[] = [];
  for (const error of errors) {
    const code = error.extensions?.code;
    if (typeof code !== 'string' || !ONCE_PER_OPERATION.has(code)) kept.push(error);
  }
  for (const [code, error] of chosen) {
    kept.push(
      new GraphQLError(error.message, {
        nodes: error.nodes,
        source: error.source,
        positions: error.positions,
        path: error.path,
        extensions: { ...error.extensions, fields: counts.get(code) },
      }),
    );
  }
  return kept;
}

function pathKey(error: GraphQLError): string {
  return (error.path ?? []).join('.');
}
