import 'antd-mobile/es/global';
import './styles/theme.css';
import './styles/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { bootstrap } from './app/bootstrap';

const { router, registry } = bootstrap();
const container = document.getElementById('app');
if (!container) throw new Error('#app is missing from index.html');
createRoot(container).render(<App router={router} registry={registry} />);
