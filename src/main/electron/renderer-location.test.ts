// DK2: which URLs count as our renderer (the router admits only these) and when dev mode applies.
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { isDevLocation, isTrustedRendererUrl, rendererLocation } from './renderer-location';

const indexFile = '/app/out/renderer/index.html';

describe('rendererLocation', () => {
  test('dev only when unpackaged and ELECTRON_RENDERER_URL is an http(s) URL', () => {
    expect(isDevLocation(rendererLocation({ packaged: false, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' }, indexFile }))).toBe(true);
    expect(isDevLocation(rendererLocation({ packaged: true, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' }, indexFile }))).toBe(false);
    expect(isDevLocation(rendererLocation({ packaged: false, env: {}, indexFile }))).toBe(false);
    expect(isDevLocation(rendererLocation({ packaged: false, env: { ELECTRON_RENDERER_URL: 'file:///etc/x' }, indexFile }))).toBe(false);
  });
});

describe('isTrustedRendererUrl', () => {
  const built = rendererLocation({ packaged: true, env: {}, indexFile });
  const dev = rendererLocation({ packaged: false, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' }, indexFile });

  test('built: exactly our index.html (query and hash allowed)', () => {
    const own = pathToFileURL(indexFile).href;
    expect(isTrustedRendererUrl(own, built)).toBe(true);
    expect(isTrustedRendererUrl(`${own}#/session/1`, built)).toBe(true);
    expect(isTrustedRendererUrl(`${own}?x=1`, built)).toBe(true);
  });

  test('built: other files, other schemes and remote hosts are not ours', () => {
    expect(isTrustedRendererUrl('file:///app/out/renderer/other.html', built)).toBe(false);
    expect(isTrustedRendererUrl('file:///tmp/index.html', built)).toBe(false);
    expect(isTrustedRendererUrl('file://evil.example/app/out/renderer/index.html', built)).toBe(false);
    expect(isTrustedRendererUrl('http://localhost:5173/', built)).toBe(false);
    expect(isTrustedRendererUrl('about:blank', built)).toBe(false);
    expect(isTrustedRendererUrl('not a url', built)).toBe(false);
  });

  test('dev: the dev server origin only', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5173/src/App.tsx', dev)).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isTrustedRendererUrl('https://localhost:5173/', dev)).toBe(false);
    expect(isTrustedRendererUrl(pathToFileURL(indexFile).href, dev)).toBe(false);
  });
});
