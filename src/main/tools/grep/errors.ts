// Grep's expected failures (bad regex, unknown type, rg failing): the message names the problem for
// the model; the telemetry text never carries the pattern or a path (PL8).
import { TelemetrySafeError } from '../core/errors';

export class GrepError extends TelemetrySafeError {
  override name = 'GrepError';
}
