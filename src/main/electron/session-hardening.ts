// Session-wide defences (DK5): a strict CSP header on every response, and no web permission
// (camera, notifications, geolocation, …) is ever granted to page content.
import type { Session } from 'electron';
import type { Logger } from '../base/log';

export function hardenSession(ses: Session, opts: { csp: string; log: Logger }): void {
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers: Record<string, string | string[]> = { ...(details.responseHeaders ?? {}) };
    // Replace, not add: a second, looser policy from a server must not survive in another casing.
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === 'content-security-policy') delete headers[key];
    }
    headers['Content-Security-Policy'] = [opts.csp];
    callback({ responseHeaders: headers });
  });
  ses.setPermissionRequestHandler((_contents, permission, callback) => {
    opts.log.warn(`desktop: denied permission request '${permission}'`);
    callback(false);
  });
  ses.setPermissionCheckHandler(() => false);
}
