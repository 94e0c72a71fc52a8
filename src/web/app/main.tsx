import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Provider } from 'urql';
import { graphqlClient } from './prefetch.ts';
import { routes } from './routes.tsx';
import './theme.css';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider value={graphqlClient}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
