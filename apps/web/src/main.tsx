// The first script: Mantine's global styles, then the app and, in parallel with it, the code of the screen
// being opened (decision 0022). Each Mantine component's stylesheet comes with the code that uses it
// (mantineComponentCss in vite.config.ts), so /login's render-blocking CSS holds what /login draws.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { preloadScreen } from './app/preload-screen';

preloadScreen(window.location.pathname);
// index.html preloads this chunk and its stylesheet (appPreload in vite.config.ts): no extra round trip.
void import('./app/start');
