// Renderer entry: one Bridge (preload or WebSocket), the stores over it, and the React tree.
import '../../shared/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createBridge } from './bridge';
import { errorText } from './stores/error-text';
import { createStores } from './stores/create-stores';
import { StoresProvider } from './stores/react';
import './styles/base.css';

const bridge = createBridge();
const stores = createStores(bridge);

// Last line of defence: a promise nobody caught becomes a banner and a log line, not a silent failure.
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  const message = errorText(event.reason);
  stores.app.getState().pushBanner({ level: 'error', title: 'Unexpected error', message });
  bridge.send('log:write', { level: 'error', message: `unhandled rejection: ${message}`.slice(0, 10_000) });
});

void stores.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoresProvider stores={stores}>
      <App />
    </StoresProvider>
  </StrictMode>,
);
