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
// the server run as before. With the read cache off, the same plain requests are joined instead
// (flights.ts): one that arrives while an identical one is answered waits for that answer, and is
// written from it the same way when it may take it, else goes to yoga as it came.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { wantsFreshData } from '../cacheControl.ts';
import type { CostExtension } from '../costExtension.ts';
import { isUsableAuthorization } from '../../upstream/credential.ts';
import { type CostLimits, cacheExtension, reportedLimits, throttleStatusOf } from '../plugins/cost.ts';
import type { OperationSummary, ResponseSummary } from '../plugins/operationSummary.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from '../plugins/requestId.ts';
import type { AnswerCache } from './answerCache.ts';
import type { AnswerFlights, JoinedAnswer } from './flights.ts';
import { answerKeyOf, type DocumentNaming } from './key.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => unknown;

export interface FastAnswersOptions {
  /** Answers kept whole (with the read cache). */
  answers?: AnswerCache;
  /** Answers joined while in flight (without it). */
  flights?: AnswerFlights;
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
      const toYoga = () => {
        // Read already: yoga's server adapter takes a body it finds on the request instead of the stream.
        (request as IncomingMessage & { body?: Buffer }).body = body;
        handler(request, response);
      };
      const key = plainKey(body);
      if (key === undefined) return toYoga();
      const authorization = request.headers.authorization as string;
      const hit = options.answers?.find(key, authorization);
      if (hit) {
        const { answer } = hit;
        const cache = cacheExtension(answer.reads.length, hit.oldestAgeMs);
        return serve(request, response, { ...answer, throttleStatus: hit.throttleStatus }, startedAt, cache);
      }
      const flights = options.flights;
      if (!flights) return toYoga();
      const joined = flights.join(key, startedAt, authorization, body.length);
      if (!joined) {
        flights.lead(key, request);
        // Whatever happens to the operation, its newcomers are let go when its response is.
        response.once('close', () => flights.answered(request, undefined));
        return toYoga();
      }
      let gone = false;
      response.once('close', () => {
        gone = true;
        joined.leave();
      });
      joined.answer.then((answer) => {
        if (gone) return;
        if (answer) serve(request, response, answer, startedAt);
        else toYoga();
      });
    });
  };

  /** The answer key of a plain request's body; undefined when it has none or is not served here. */
  function plainKey(body: Buffer): string | undefined {
    const sent = parsedObject(body);
    if (!sent || Object.keys(sent).some((name) => !params.has(name))) return undefined;
    const key = answerKeyOf(sent);
    if (!key || (options.admits && !options.admits(key.naming))) return undefined;
    return key.key;
  }

  /** Writes `answer` (a kept or joined one) with its extensions made for `request`. */
  function serve(
    request: IncomingMessage,
    response: ServerResponse,
    answer: JoinedAnswer,
    startedAt: number,
    cache?: CostExtension['cache'],
  ): void {
    const cost: CostExtension = {
      estimate: answer.estimate,
      calls: 0,
      limits,
      throttleStatus: throttleStatusOf(answer.throttleStatus),
      ...(cache && { cache }),
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
