// What Agent Desk answers a language server's own requests (TL): its `settings` by section, the
// workspace folder, and no edits ever applied (the LSP tool only reads).
import { describe, expect, it } from 'vitest';
import { answerServerRequest, settingsSection } from './server-requests';

const ctx = { root: '/proj', settings: { python: { analysis: { typeCheckingMode: 'strict' } } } };

describe('answers to a language server (TL)', () => {
  it('TL workspace/configuration answers each section from the settings, null where there is none', () => {
    const items = [{ section: 'python.analysis' }, { section: 'go' }, {}];
    expect(answerServerRequest('workspace/configuration', { items }, ctx)).toEqual([{ typeCheckingMode: 'strict' }, null, ctx.settings]);
    expect(settingsSection(undefined, 'x')).toBeNull();
  });

  it('TL the workspace folder; edits refused; registrations and progress acknowledged', () => {
    expect(answerServerRequest('workspace/workspaceFolders', undefined, ctx)).toEqual([{ uri: 'file:///proj', name: 'proj' }]);
    expect(answerServerRequest('workspace/applyEdit', { edit: {} }, ctx)).toMatchObject({ applied: false });
    expect(answerServerRequest('client/registerCapability', {}, ctx)).toBeNull();
    expect(answerServerRequest('window/workDoneProgress/create', {}, ctx)).toBeNull();
  });
});
