// Reads an answer in parts (multipart/mixed, as yoga writes @defer and @stream answers) as it
// arrives: each part's JSON with the time it was complete, from when the request was sent.
import { request } from 'undici';

export interface TimedPart {
  /** ms from the request's start until the part was read whole. */
  at: number;
  body: any;
}

export interface PartsAnswer {
  /** `performance.now()` when the request was sent: `at` counts from there. */
  startedAt: number;
  status: number;
  contentType: string;
  parts: TimedPart[];
}

/** The parts merged into one answer, as a client merges them: deferred data at its path, streamed items appended. */
export function merged(parts: readonly TimedPart[]): any {
  const answer = structuredClone(parts[0].body.data);
  for (const { body } of parts.slice(1)) {
    for (const item of body.incremental ?? []) {
      let target = answer;
      const path: (string | number)[] = item.path;
      if (item.items) {
        for (const key of path.slice(0, -1)) target = target[key];
        target.push(...item.items);
        continue;
      }
      for (const key of path) target = target[key];
      Object.assign(target, item.data);
    }
  }
  return answer;
}

/** POSTs a GraphQL request asking for multipart/mixed and reads every part with its arrival time. */
export async function postForParts(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<PartsAnswer> {
  const started = performance.now();
  const response = await request(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'multipart/mixed; deferSpec=20220824, application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const contentType = String(response.headers['content-type'] ?? '');
  const parts: TimedPart[] = [];
  if (!contentType.startsWith('multipart/mixed')) {
    parts.push({ at: performance.now() - started, body: await response.body.json() });
    return { startedAt: started, status: response.statusCode, contentType, parts };
  }
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1] ?? '-';
  let buffered = '';
  for await (const chunk of response.body) {
    buffered += chunk.toString('utf8');
    for (;;) {
      const taken = takePart(buffered, boundary);
      if (!taken) break;
      buffered = taken.rest;
      parts.push({ at: performance.now() - started, body: JSON.parse(taken.json) });
    }
  }
  return { startedAt: started, status: response.statusCode, contentType, parts };
}

/** The first whole part of `text` (headers, blank line, JSON up to the next boundary), and what follows it. */
function takePart(text: string, boundary: string): { json: string; rest: string } | undefined {
  const delimiter = `\r\n--${boundary}`;
  const start = text.indexOf(delimiter);
  if (start < 0) return undefined;
  const afterDelimiter = start + delimiter.length;
  const headersEnd = text.indexOf('\r\n\r\n', afterDelimiter);
  if (headersEnd < 0) return undefined;
  const end = text.indexOf(delimiter, headersEnd + 4);
  if (end < 0) return undefined;
  return { json: text.slice(headersEnd + 4, end), rest: text.slice(end) };
}
