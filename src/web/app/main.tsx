import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Provider } from 'urql';
import { createGraphQLClient } from './client.ts';
import { routes } from './routes.tsx';
import './theme.css';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider value={createGraphQLClient()}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
