// Request paths of the REST services. Every interpolated value is one encoded path segment, so
// an id such as `a/b`, `../x` or `x?y` can never change which resource a request reaches.
import { UpstreamError } from './errors.ts';
import { ERROR_CODES } from '../rest/types.ts';

/**
 * Tagged template for a path: `apiPath\`/api/v1/policies/${id}/rules\``. Values are encoded with
 * encodeURIComponent. Ids that no encoding can keep inside their segment (empty, `.` and `..`,
 * which URL parsers resolve as dot segments even when percent-encoded) name no resource: they are
 * answered as not found without a request.
 */
export function apiPath(strings: TemplateStringsArray, ...ids: string[]): string {
  let path = strings[0];
  ids.forEach((id, i) => {
    path += encodeSegment(id) + strings[i + 1];
  });
  return path;
}

function encodeSegment(id: string): string {
  if (id === '' || id === '.' || id === '..') {
    throw new UpstreamError({
      status: 404,
      errorCode: ERROR_CODES.NOT_FOUND,
      errorSummary: `Not found: Resource not found: ${JSON.stringify(id)} is not a valid identifier`,
    });
  }
  return encodeURIComponent(id);
}
