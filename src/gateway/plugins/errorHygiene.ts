// No answer carries `extensions.originalError`, which yoga adds to request-parsing errors such as
// malformed JSON and which may quote internals. It is removed from the serialized answer rather than
// from the error, because yoga reads the member to choose the 400 status.
import type { Plugin } from 'graphql-yoga';

export function useNoOriginalError(): Plugin {
  return {
    // Not async: a successful answer, the usual case, passes without a promise.
    onResponse({ response, setResponse, fetchAPI }) {
      if (response.status < 400 || !response.headers.get('content-type')?.includes('json')) return;
      return response
        .clone()
        .text()
        .then((text) => {
          if (!text.includes('"originalError"')) return;
          const body = JSON.parse(text, (key, value) => (key === 'originalError' ? undefined : value));
          const headers = new fetchAPI.Headers(response.headers);
          headers.delete('content-length');
          setResponse(new fetchAPI.Response(JSON.stringify(body), { status: response.status, headers }));
        });
    },
  };
}
