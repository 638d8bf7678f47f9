// A session event before the session stamps its id on it: what engine parts hand to Session.publish.
import type { SessionEvent } from '../../shared/session-events';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type SessionEventBody = DistributiveOmit<SessionEvent, 'sessionId'>;
