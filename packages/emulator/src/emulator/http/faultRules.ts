// Targeted faults (/__emulator/faults/rules): one route, or one method of it, fails as told (a status
// and body, a delay, a connection reset) for the next `times` matching requests; other requests are
// untouched. The global faults of faults.ts stay as they are.
import { STATUS_CODES } from 'node:http';
import { Check } from '../common/check.ts';
import { ERROR_CODES } from '../../rest/types.ts';
import { ApiError, rateLimited, serverError } from '../common/errors.ts';
import { FAULT_LIMITS } from './faults.ts';
import { unknownKeys } from '../common/unknownKeys.ts';

export interface FaultRuleInput {
  /** Which requests fail: a method (any when absent) and a path, as sent or as the spec's template. */
  match: { method?: string; path?: string };
  /** The status to answer with (400..599); absent: the request is served (after `latencyMs`). */
  status?: number;
  /** How many matching requests fail; absent: every one until the rule is removed. */
  times?: number;
  /** The JSON body of the answer; absent: the spec's error body for `status`. */
  body?: unknown;
  /** Waits this long before answering. */
  latencyMs?: number;
  /** Destroys the connection instead of answering (the client sees a reset). */
  reset?: boolean;
}

export interface FaultRule extends FaultRuleInput {
  id: string;
  /** Matching requests that have failed so far. */
  hits: number;
}

const RULE_KEYS = ['match', 'status', 'times', 'body', 'latencyMs', 'reset'];
const MATCH_KEYS = ['method', 'path'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

/** Validates a rule; every problem becomes one cause (`member: message`). */
export function parseFaultRule(raw: unknown): { rule?: FaultRuleInput; causes: string[] } {
  const c = new Check();
  const o = c.object(raw, '(body)', { required: true });
  if (!o) return { causes: c.causes };
  unknownKeys(c, o, '', RULE_KEYS);
  const m = c.object(o.match, 'match', { required: true }) ?? {};
  unknownKeys(c, m, 'match.', MATCH_KEYS);
  const method = c.enum(typeof m.method === 'string' ? m.method.toUpperCase() : m.method, 'match.method', METHODS);
  const path = c.string(m.path, 'match.path', {
    pattern: /^\/[^?#]*$/,
    patternText: 'must start with / and hold no query (a path as sent, or the spec template)',
  });
  const status = c.integer(o.status, 'status', { min: 400, max: 599 });
  const times = c.integer(o.times, 'times', { min: 1 });
  const latencyMs = c.integer(o.latencyMs, 'latencyMs', { min: 0, max: FAULT_LIMITS.latencyMs.max });
  const reset = c.boolean(o.reset, 'reset');
  if (o.body !== undefined && status === undefined) c.fail('body', 'needs a status');
  if (status === undefined && !latencyMs && !reset) c.fail('status', 'is required unless latencyMs or reset is given');
  if (status !== undefined && reset) c.fail('reset', 'cannot be combined with a status (a reset sends no answer)');
  if (!c.ok) return { causes: c.causes };
  const rule: FaultRuleInput = { match: { ...(method ? { method } : {}), ...(path ? { path } : {}) } };
  if (status !== undefined) rule.status = status;
  if (times !== undefined) rule.times = times;
  if (o.body !== undefined) rule.body = o.body;
  if (latencyMs !== undefined) rule.latencyMs = latencyMs;
  if (reset) rule.reset = true;
  return { rule, causes: [] };
}

const withoutTrailingSlash = (path: string) => path.replace(/(.)\/$/, '$1');

export class FaultRules {
  private rules: FaultRule[] = [];
  private next = 1;

  add(input: FaultRuleInput): FaultRule {
    const rule: FaultRule = { id: `fr${this.next++}`, ...input, hits: 0 };
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((r) => structuredClone(r));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /**
   * The first rule matching this request, counted as used (a rule whose `times` are used up is
   * removed). `template` is the spec's template the request matched, if any.
   */
  take(method: string, path: string, template: string | undefined): FaultRule | undefined {
    const rule = this.rules.find((r) => matches(r, method, path, template));
    if (!rule) return undefined;
    rule.hits++;
    if (rule.times !== undefined && rule.hits >= rule.times) this.remove(rule.id);
    return rule;
  }
}

function matches(rule: FaultRule, method: string, path: string, template: string | undefined): boolean {
  const m = rule.match;
  if (m.method && m.method !== method) return false;
  if (m.path === undefined) return true;
  const wanted = withoutTrailingSlash(m.path);
  return wanted === withoutTrailingSlash(path) || (template !== undefined && wanted === withoutTrailingSlash(template));
}

/** The answer a rule with a status gives: its body, or the spec's error body for the status. */
export function faultAnswer(rule: FaultRule): { status: number; body: unknown; headers: Record<string, string> } {
  const status = rule.status!;
  const error = errorOfStatus(status);
  return { status, body: rule.body !== undefined ? rule.body : error.toBody(), headers: error.headers };
}

function errorOfStatus(status: number): ApiError {
  const cause = ['injected fault: a rule of /__emulator/faults/rules'];
  if (status === 429) return rateLimited(Math.floor(Date.now() / 1000) + 1);
  if (status >= 500) return serverError(status, cause);
  const code =
    {
      400: ERROR_CODES.VALIDATION,
      401: ERROR_CODES.UNAUTHENTICATED,
      403: ERROR_CODES.FORBIDDEN,
      404: ERROR_CODES.NOT_FOUND,
      405: ERROR_CODES.METHOD_NOT_ALLOWED,
    }[status] ?? ERROR_CODES.VALIDATION;
  return new ApiError({ status, errorCode: code, errorSummary: STATUS_CODES[status] ?? 'Client Error', causes: cause });
}
