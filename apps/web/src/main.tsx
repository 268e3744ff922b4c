import 'antd-mobile/es/global';
import './styles/theme.css';
import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootstrap } from './app/bootstrap';

const container = document.getElementById('app');
if (!container) throw new Error('#app is missing from index.html');
// The shell's texts (active language only) arrive before the first render, so nothing is drawn without its words.
void bootstrap().then(({ router, registry }) =>
  createRoot(container).render(<App router={router} registry={registry} />),
);
