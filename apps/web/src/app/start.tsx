// Starts the app: React, the router and the providers (loaded by main.tsx; index.html preloads it).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// An interruptible first render (decision 0022, third pass): React yields to the browser every few
// milliseconds instead of building the providers, the router and the first screen in one long task
// (40 ms on the CashFlow session, which Lighthouse's 4x CPU throttling turns into blocking time). The
// page shows nothing before it either way; only its commit is one task.
const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
