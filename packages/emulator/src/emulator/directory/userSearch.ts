// The `search` and `filter` expressions of the user list, as the platform writes them:
// `attribute op "value"` with eq, ne, sw, co, gt, ge, lt, le and `attribute pr`, joined by and, or,
// not and parentheses (`type.id eq "oty…" and status eq "ACTIVE"`). Comparisons of text ignore case.
// An expression that cannot be read is refused with the platform's E0000031.
import { ApiError } from '../common/errors.ts';
import { ERROR_CODES } from '../../rest/types.ts';
import type { StoredUser } from './records.ts';

type Predicate = (user: StoredUser) => boolean;

const OPERATORS = ['eq', 'ne', 'sw', 'co', 'gt', 'ge', 'lt', 'le'] as const;
type Operator = (typeof OPERATORS)[number];

/** The attributes `filter` may name, the platform's (`search` names `type.id` and any profile attribute too). */
const FILTER_ATTRIBUTES = [
  'id',
  'status',
  'lastUpdated',
  'profile.login',
  'profile.email',
  'profile.firstName',
  'profile.lastName',
];
const SEARCH_ATTRIBUTES = ['id', 'status', 'created', 'activated', 'statusChanged', 'lastUpdated', 'passwordChanged'];
/** Longest expression read. */
const MAX_LENGTH = 2000;

export function invalidSearch(parameter: string, why: string): ApiError {
  return new ApiError({
    status: 400,
    errorCode: ERROR_CODES.INVALID_SEARCH,
    errorSummary: 'Invalid search criteria.',
    causes: [`${parameter}: ${why}`],
  });
}

/** The value of one attribute of a user (undefined: the user has none). */
function attributeOf(user: StoredUser, attribute: string): unknown {
  if (attribute === 'type.id') return user.typeId;
  if (attribute.startsWith('profile.')) return user.profile[attribute.slice('profile.'.length)];
  return (user as unknown as Record<string, unknown>)[attribute];
}

const TOKEN = /\s*(?:(\()|(\))|"((?:[^"\\]|\\.)*)"|([A-Za-z_][A-Za-z0-9_.]*)|(-?\d+(?:\.\d+)?))/y;

interface Token {
  kind: 'open' | 'close' | 'string' | 'word' | 'number';
  text: string;
}

function tokenize(text: string, parameter: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw invalidSearch(parameter, `cannot be read at character ${at + 1}`);
    if (m[1]) tokens.push({ kind: 'open', text: '(' });
    else if (m[2]) tokens.push({ kind: 'close', text: ')' });
    else if (m[3] !== undefined) tokens.push({ kind: 'string', text: m[3].replace(/\\(.)/g, '$1') });
    else if (m[4]) tokens.push({ kind: 'word', text: m[4] });
    else tokens.push({ kind: 'number', text: m[5] });
  }
  return tokens;
}

function compare(actual: unknown, op: Operator, expected: string | number | boolean | null): boolean {
  if (expected === null) return op === 'eq' ? actual == null : op === 'ne' ? actual != null : false;
  if (actual === undefined || actual === null) return op === 'ne';
  const a = typeof actual === 'string' ? actual.toLowerCase() : actual;
  const e = typeof expected === 'string' ? expected.toLowerCase() : expected;
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'sw':
      return typeof a === 'string' && a.startsWith(String(e));
    case 'co':
      return typeof a === 'string' && a.includes(String(e));
    case 'gt':
      return (a as string | number) > (e as string | number);
    case 'ge':
      return (a as string | number) >= (e as string | number);
    case 'lt':
      return (a as string | number) < (e as string | number);
    case 'le':
      return (a as string | number) <= (e as string | number);
  }
}

/** Reads `text` as `parameter` (`search` or `filter`) into a test of one user. */
export function parseUserSearch(text: string, parameter: 'search' | 'filter'): Predicate {
  if (text.length > MAX_LENGTH) throw invalidSearch(parameter, `must be at most ${MAX_LENGTH} characters`);
  const tokens = tokenize(text, parameter);
  let i = 0;
  const fail = (why: string): never => {
    throw invalidSearch(parameter, why);
  };
  const peekWord = (word: string) => tokens[i]?.kind === 'word' && tokens[i].text.toLowerCase() === word;

  const known = (attribute: string) =>
    parameter === 'filter'
      ? FILTER_ATTRIBUTES.includes(attribute)
      : SEARCH_ATTRIBUTES.includes(attribute) || attribute === 'type.id' || /^profile\.\w+$/.test(attribute);

  const comparison = (): Predicate => {
    const attr = tokens[i++];
    if (attr?.kind !== 'word') return fail('expected an attribute');
    if (!known(attr.text)) return fail(`${attr.text} cannot be used here`);
    const opToken = tokens[i++];
    const op = opToken?.kind === 'word' ? opToken.text.toLowerCase() : '';
    if (op === 'pr') return (u) => attributeOf(u, attr.text) != null;
    if (!(OPERATORS as readonly string[]).includes(op)) return fail(`expected an operator after ${attr.text}`);
    const v = tokens[i++];
    let value: string | number | boolean | null;
    if (v?.kind === 'string') value = v.text;
    else if (v?.kind === 'number') value = Number(v.text);
    else if (v?.kind === 'word' && ['true', 'false', 'null'].includes(v.text)) value = JSON.parse(v.text);
    else return fail(`expected a value after ${attr.text} ${op}`);
    return (u) => compare(attributeOf(u, attr.text), op as Operator, value);
  };
  const unary = (): Predicate => {
    if (peekWord('not')) {
      i++;
      const inner = unary();
      return (u) => !inner(u);
    }
    if (tokens[i]?.kind === 'open') {
      i++;
      const inner = or();
      if (tokens[i++]?.kind !== 'close') fail('a parenthesis is not closed');
      return inner;
    }
    return comparison();
  };
  const and = (): Predicate => {
    const parts = [unary()];
    while (peekWord('and')) {
      i++;
      parts.push(unary());
    }
    return parts.length === 1 ? parts[0] : (u) => parts.every((p) => p(u));
  };
  const or = (): Predicate => {
    const parts = [and()];
    while (peekWord('or')) {
      i++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : (u) => parts.some((p) => p(u));
  };
  if (tokens.length === 0) fail('must not be empty');
  const predicate = or();
  if (i < tokens.length) fail(`unexpected ${tokens[i].text}`);
  return predicate;
}
