// A request whose tool described its own approval (request.described: Config's setting, its value now
// and after, the file that changes): the tool's question, summary and facts take the place of its
// kind's; the icon, why such requests ask and the rule words stay the kind's.
import type { ReactNode } from 'react';
import type { PermissionRequestView } from '../../../../shared/permissions/request';
import type { RequestDescription } from '../../../../shared/permissions/request-description';
import type { RequestKind } from '../types';
import { PlainFields } from './GenericRequest';
import './DescribedRequest.css';

export function describedRequest(base: RequestKind, described: RequestDescription): RequestKind {
  function DescribedDetails({ request }: { request: PermissionRequestView }): ReactNode {
    return (
      <div className="request-details--described">
        <PlainFields rows={described.details} input={request.input} />
      </div>
    );
  }
  return {
    ...base,
    question: () => described.title,
    summary: () => described.summary,
    Details: DescribedDetails,
  };
}
