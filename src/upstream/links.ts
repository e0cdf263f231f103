// What the services' `_links` tell: the policy an application is mapped to, and which methods a
// link accepts.
import type { Application, Link } from '../rest/types.ts';

/**
 * The id of the authentication policy an application is mapped to: the last path segment of its
 * `accessPolicy` link (the spec's only way to find it). Null when the link is absent or unreadable.
 */
export function accessPolicyIdOf(app: Application): string | null {
  const links = app._links as { accessPolicy?: { href?: unknown } } | undefined;
  const href = links?.accessPolicy?.href;
  if (typeof href !== 'string') return null;
  try {
    const segment = new URL(href, 'http://upstream.invalid').pathname.split('/').filter(Boolean).at(-1);
    return segment ? decodeURIComponent(segment) : null;
  } catch {
    return null;
  }
}

/** True when the link is present and its hints name the method. */
export function linkAllows(link: Link | undefined, method: string): boolean {
  return link?.hints?.allow.includes(method) ?? false;
}

/**
 * What a policy's or rule's links offer the caller, as the service advertises it. An object without
 * `_links` (a proxy or an older service may leave them out) offers nothing: every answer false.
 */
export function permissionsOf(links: { self?: Link; activate?: Link; deactivate?: Link } | undefined) {
  return {
    viewerCanUpdate: linkAllows(links?.self, 'PUT'),
    viewerCanDelete: linkAllows(links?.self, 'DELETE'),
    viewerCanActivate: linkAllows(links?.activate, 'POST'),
    viewerCanDeactivate: linkAllows(links?.deactivate, 'POST'),
  };
}
