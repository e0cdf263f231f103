// The answer cache's hits, served before yoga: a repeated query whose kept answer the caller would
// get again (answerCache.ts) is written from the kept `data` text with its extensions made for this
// request, without yoga's request and response objects or its plugins, which cost more than the
// whole of such an answer (docs/choices.md). Only a plain request is served here: a POST to the
// GraphQL path without a query string, `Content-Type: application/json`, a Content-Length within
// MAX_BODY_BYTES, a usable Authorization, no `Cache-Control: no-cache`, an Accept the regular
// answer takes, a JSON object with the members yoga takes; in trusted documents mode, only a
// document named by id (or any, with TRUSTED_DOCUMENTS_ALLOW_ARBITRARY=all). Every other request,
// and every miss, goes to yoga as it came (the body already read is handed over with it). A hit
// still has its request id, its operation log line and metrics, and `extensions.cost` (no calls,
// the read cache hits, the caller's throttle status now); the Host and connection checks around
// the server run as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { wantsFreshData } from '../cacheControl.ts';
import type { CostExtension } from '../costExtension.ts';
import { isUsableAuthorization } from '../../upstream/credential.ts';
import { type CostLimits, cacheExtension, reportedLimits, throttleStatusOf } from '../plugins/cost.ts';
import type { OperationSummary, ResponseSummary } from '../plugins/operationSummary.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from '../plugins/requestId.ts';
import type { AnswerCache } from './answerCache.ts';
import { answerKeyOf, type DocumentNaming } from './key.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown;

export interface FastAnswersOptions {
  answers: AnswerCache;
  graphqlPath: string;
  maxBodyBytes: number;
  costLimits: CostLimits;
  /** In trusted documents mode, which namings a hit may have; unset: any. */
  admits?: (naming: DocumentNaming) => boolean;
  /** The members yoga takes in a request besides the standard ones (`documentId` in trusted documents mode). */
  extraParams?: readonly string[];
  onSummary: (summary: OperationSummary) => void;
  onResponse: (summary: ResponseSummary) => void;
}

const CONTENT_LENGTH = /^\d+$/;
const STANDARD_PARAMS = ['query', 'variables', 'operationName', 'extensions'];

/** The content type of a regular answer for an Accept header, as yoga chooses it; undefined: left to yoga. */
function answerType(accept: string | undefined): string | undefined {
  if (accept === undefined || accept === '*/*' || accept === 'application/json') return 'application/json';
  if (accept === 'application/graphql-response+json') return accept;
  return undefined;
}

export function withAnswerCache(handler: Handler, options: FastAnswersOptions): Handler {
  const params = new Set([...STANDARD_PARAMS, ...(options.extraParams ?? [])]);
  const limits = reportedLimits(options.costLimits);
  return (request, response) => {
    const { headers } = request;
    const length = headers['content-length'];
    if (
      request.method !== 'POST' ||
      request.url !== options.graphqlPath ||
      length === undefined ||
      !CONTENT_LENGTH.test(length) ||
      Number(length) > options.maxBodyBytes ||
      headers['content-type']?.split(';')[0].trim().toLowerCase() !== 'application/json' ||
      answerType(headers.accept) === undefined ||
      !isUsableAuthorization(headers.authorization) ||
      wantsFreshData(headers['cache-control'] ?? null)
    ) {
      return handler(request, response);
    }
    const startedAt = performance.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('error', () => response.destroy());
    request.once('end', () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      if (serveHit(request, response, body, startedAt)) return;
      // Read already: yoga's server adapter takes a body it finds on the request instead of the stream.
      (request as IncomingMessage & { body?: Buffer }).body = body;
      handler(request, response);
    });
  };

  function serveHit(request: IncomingMessage, response: ServerResponse, body: Buffer, startedAt: number): boolean {
    const sent = parsedObject(body);
    if (!sent || Object.keys(sent).some((name) => !params.has(name))) return false;
    const key = answerKeyOf(sent);
    if (!key || (options.admits && !options.admits(key.naming))) return false;
    const hit = options.answers.find(key.key, request.headers.authorization as string);
    if (!hit) return false;
    const { answer } = hit;
    const cost: CostExtension = {
      estimate: answer.estimate,
      calls: 0,
      limits,
      throttleStatus: throttleStatusOf(hit.throttleStatus),
      cache: cacheExtension(answer.reads.length, hit.oldestAgeMs),
    };
    const text = `{"data":${answer.data},"extensions":{"cost":${JSON.stringify(cost)}}}`;
    const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER] as string | undefined);
    response.writeHead(200, {
      'content-type': `${answerType(request.headers.accept)}; charset=utf-8`,
      'content-length': Buffer.byteLength(text),
      [REQUEST_ID_HEADER]: requestId,
    });
    response.end(text);
    const durationMs = performance.now() - startedAt;
    options.onSummary({
      requestId,
      name: answer.name,
      type: 'query',
      phase: 'execute',
      durationMs,
      upstreamCalls: 0,
      errors: [],
      errorCodes: [],
      outcome: 'success',
    });
    options.onResponse({ name: answer.name, type: 'query', method: 'POST', status: 200, durationMs });
    return true;
  }
}

/** The body as a JSON object; undefined when it is not one. */
function parsedObject(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
