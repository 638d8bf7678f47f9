// The request kind for fetching a web page (WebFetch): which site, the address in full and what the
// assistant wants from it; rules in words ("Pages from example.com").
import type { ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import type { PermissionRuleValue } from '../../../../shared/permissions/rule';
import { InfoIcon } from '../../components/icons';
import { inputField, requestAddress, urlHost } from '../request-target';
import type { RequestKind } from '../types';

function FetchDetails({ request }: { request: PermissionRequestView }): ReactNode {
  const url = requestAddress(request);
  return (
    <dl className="approval__fields">
      <div className="approval__field">
        <dt>Address</dt>
        <dd>{url || '(no address given)'}</dd>
      </div>
    </dl>
  );
}

export const fetchRequest: RequestKind = {
  question: () => 'Allow Agent Desk to fetch a web page?',
  summary: (r) => {
    const host = urlHost(requestAddress(r));
    return host ? `Fetch a page from ${host}` : 'Fetch a page from the web';
  },
  purpose: (r) => inputField(r.input, 'prompt') || null,
  why: () => 'Agent Desk asks before the assistant fetches pages from the internet.',
  Details: FetchDetails,
  ruleWords: (rule: PermissionRuleValue) => {
    const content = rule.ruleContent;
    if (content === undefined) return 'Any web page, without asking';
    if (content.startsWith('domain:')) return `Pages from ${content.slice('domain:'.length)}, without asking`;
    return `Web pages matching “${content}”, without asking`;
  },
  Icon: InfoIcon,
};
