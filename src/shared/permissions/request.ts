// A permission request and its reply as plain data: sent to the renderer as an event, answered by
// the `permission:reply` invoke (PL4e). No callbacks cross the boundary.
import { z } from 'zod';

export const PermissionRequestView = z.object({
  requestId: z.string(),
  sessionId: z.string(),
  toolUseId: z.string(),
  toolName: z.string(),
  input: z.unknown(),
  /** Why the person is asked, in plain words. */
  message: z.string(),
  reason: z.string().optional(),
  /** Rules "Always allow" may save, best first (`Bash(npm test)`). */
  suggestions: z.array(z.string()),
  destructive: z.boolean(),
});
export type PermissionRequestView = z.infer<typeof PermissionRequestView>;

export const PermissionDecision = z.enum(['allow_once', 'allow_always', 'deny']);
export type PermissionDecision = z.infer<typeof PermissionDecision>;

export const PermissionReplyInput = z.strictObject({
  requestId: z.string().min(1).max(200),
  decision: PermissionDecision,
  feedback: z.string().max(10_000).optional(),
  rule: z.string().min(1).max(2_000).optional(),
});
export type PermissionReplyInput = z.infer<typeof PermissionReplyInput>;
