// The first script: Mantine's global styles, then the app and, in parallel with it, the code of the screen
// being opened (decision 0022). Each Mantine component's stylesheet comes with the code that uses it
// (mantineComponentCss in vite.config.ts), so /login's render-blocking CSS holds what /login draws.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { preloadScreen } from './app/preload-screen';

preloadScreen(window.location.pathname);
// The app's three chunks (index.html preloads them: appPreload in vite.config.ts, no extra round trip),
// each imported on its own so that each runs in a task of its own as soon as it is there, instead of one
// 45-50 ms task: React and ReactDOM, then the other libraries with the theme, then the app (APP_THEME in
// vite.config.ts; decision 0022, fourth pass). Imported together, not one after the other: a screen's
// chunks arriving meanwhile would run the libraries in their own task, with the shell and the schemas.
// Whichever finishes first runs what it needs first, in the order a static import runs it.
void import('react-dom/client');
void import('./app/theme');
void import('./app/start');
