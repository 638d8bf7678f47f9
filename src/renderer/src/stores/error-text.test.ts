// errorText: whatever a call throws becomes one readable sentence.
import { describe, expect, it } from 'vitest';
import { IpcFailure } from '../../../shared/ipc/errors';
import { errorText } from './error-text';

describe('errorText (UI error banners)', () => {
  it('uses the typed message, with input issues spelled out', () => {
    expect(errorText(new IpcFailure({ code: 'busy', message: 'A turn is running.' }))).toBe('A turn is running.');
    expect(
      errorText(new IpcFailure({ code: 'invalid_input', message: 'Invalid input', issues: [{ path: 'text', message: 'Too small' }] })),
    ).toBe('Invalid input (text: Too small)');
    expect(errorText(new IpcFailure({ code: 'no_project', message: '' }))).toBe('Open a project folder first.');
  });
  it('handles plain errors, strings and junk', () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    expect(errorText('plain')).toBe('plain');
    expect(errorText(undefined)).toBe('Something went wrong.');
    expect(errorText({})).toBe('Something went wrong.');
  });
});
